//! `\X`: one extended grapheme cluster, by the rules of Unicode's text segmentation (UAX #29, as of
//! Unicode 13, which Ruby 3.1 follows): CR LF, Hangul syllables, marks and joiners, emoji ZWJ
//! sequences and pairs of regional indicators stay together.

use super::charset::CharSet;
use super::program::Program;
use super::unicode;
use super::unicode_tables as tables;
use super::utf8::decode;

/// The grapheme cluster break classes the rules need.
#[derive(Debug, Clone)]
pub(crate) struct GraphemeSets {
    prepend: CharSet,
    control: CharSet,
    extend: CharSet,
    spacing_mark: CharSet,
    l: CharSet,
    v: CharSet,
    t: CharSet,
    pictographic: CharSet,
}

impl GraphemeSets {
    pub fn new() -> Self {
        let pictographic = match unicode::lookup("extendedpictographic") {
            unicode::Lookup::Found(line) => unicode::property_set(line),
            _ => CharSet::new(),
        };
        GraphemeSets {
            prepend: unicode::derived(tables::SET_GCBPREPEND),
            control: unicode::derived(tables::SET_GCBCONTROL),
            extend: unicode::derived(tables::SET_GCBEXTEND),
            spacing_mark: unicode::derived(tables::SET_GCBSPACINGMARK),
            l: unicode::derived(tables::SET_GCBL),
            v: unicode::derived(tables::SET_GCBV),
            t: unicode::derived(tables::SET_GCBT),
            pictographic,
        }
    }

    fn class(&self, c: u32) -> Class {
        match c {
            0x0D => Class::Cr,
            0x0A => Class::Lf,
            0x200D => Class::Zwj,
            0x1F1E6..=0x1F1FF => Class::RegionalIndicator,
            0xAC00..=0xD7A3 => {
                if (c - 0xAC00).is_multiple_of(28) {
                    Class::Lv
                } else {
                    Class::Lvt
                }
            }
            _ if self.control.contains(c) => Class::Control,
            _ if self.extend.contains(c) => Class::Extend,
            _ if self.spacing_mark.contains(c) => Class::SpacingMark,
            _ if self.prepend.contains(c) => Class::Prepend,
            _ if self.l.contains(c) => Class::L,
            _ if self.v.contains(c) => Class::V,
            _ if self.t.contains(c) => Class::T,
            _ => Class::Other,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Cr,
    Lf,
    Control,
    Extend,
    Zwj,
    RegionalIndicator,
    Prepend,
    SpacingMark,
    L,
    V,
    T,
    Lv,
    Lvt,
    Other,
}

/// Where the emoji rule (GB11) stands: after a pictograph and extenders, or also a joiner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Emoji {
    None,
    Pictograph,
    Joined,
}

/// The end of the grapheme cluster that starts at `at`, if a character starts there.
pub(crate) fn cluster_end(program: &Program, text: &[u8], at: usize) -> Option<usize> {
    let sets = program.grapheme.as_deref()?;
    let (first, mut end) = decode(text, at)?;
    let mut previous = sets.class(first);
    let mut regional = u32::from(previous == Class::RegionalIndicator);
    let mut emoji = if sets.pictographic.contains(first) {
        Emoji::Pictograph
    } else {
        Emoji::None
    };
    while let Some((c, next)) = decode(text, end) {
        let current = sets.class(c);
        use Class::*;
        let joined = match (previous, current) {
            (Cr, Lf) => true,
            (Cr | Lf | Control, _) | (_, Cr | Lf | Control) => false,
            (L, L | V | Lv | Lvt) | (Lv | V, V | T) | (Lvt | T, T) => true,
            (_, Extend | Zwj | SpacingMark) | (Prepend, _) => true,
            (Zwj, _) => emoji == Emoji::Joined && sets.pictographic.contains(c),
            (RegionalIndicator, RegionalIndicator) => regional % 2 == 1,
            _ => false,
        };
        if !joined {
            break;
        }
        regional = if current == RegionalIndicator {
            regional + 1
        } else {
            0
        };
        let pictograph = sets.pictographic.contains(c);
        emoji = if pictograph || (emoji == Emoji::Pictograph && current == Extend) {
            Emoji::Pictograph
        } else if emoji == Emoji::Pictograph && current == Zwj {
            Emoji::Joined
        } else {
            Emoji::None
        };
        previous = current;
        end = next;
    }
    Some(end)
}
