//! Tokens as the parser sees them: Puppet's token kinds (after the context rules) with spans.

use crate::span::Span;

/// The kinds of token the lexer delivers to the parser, named after Puppet's own (`egrammar.ra`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    // ---- literals and names ----
    /// A single-quoted string, or a double-quoted one without interpolation (text in the table).
    String,
    /// The text before the first interpolation of a double-quoted string or heredoc.
    DqPre,
    /// Text between two interpolations.
    DqMid,
    /// Text after the last interpolation, up to the closing quote.
    DqPost,
    /// `@(END:syntax/escapes)`; the syntax is in the text table.
    Heredoc,
    Number,
    /// A bare word that is a valid NAME (`foo`, `foo::bar`, `::foo`).
    Name,
    /// A bare word that is not a NAME (`_x`, `a-b`).
    Word,
    /// A capitalized reference (`Integer`, `Foo::Bar`, `::Foo`).
    ClassRef,
    /// `$name`; also a NAME/NUMBER/keyword turned into a variable inside `${}`.
    Variable,
    /// `/regex/`; the pattern (with `\/` unescaped) is in the text table.
    Regex,
    True,
    False,

    // ---- keywords ----
    Case,
    Class,
    Default,
    Define,
    If,
    Elsif,
    Else,
    Inherits,
    Node,
    And,
    Or,
    Undef,
    In,
    Unless,
    Function,
    Type,
    Attr,
    Private,

    // ---- punctuation and operators ----
    /// `[` directly after an expression (access).
    LBrack,
    /// `[` at the start of input or after whitespace (array literal).
    ListStart,
    RBrack,
    LBrace,
    /// `{` right after `?`.
    SelBrace,
    RBrace,
    LParen,
    /// `(` with only whitespace before it on its line (never starts a call).
    WsLParen,
    RParen,
    Equals,
    Appends,
    Deletes,
    IsEqual,
    NotEqual,
    Match,
    NoMatch,
    GreaterEqual,
    GreaterThan,
    LessEqual,
    LessThan,
    FArrow,
    PArrow,
    LShift,
    LlCollect,
    LCollect,
    RShift,
    RrCollect,
    RCollect,
    Plus,
    Minus,
    Div,
    Times,
    Modulo,
    Not,
    Dot,
    Pipe,
    At,
    AtAt,
    Colon,
    Comma,
    Semic,
    QMark,
    Tilde,
    /// `->`
    InEdge,
    /// `~>`
    InEdgeSub,
    /// `<-`
    OutEdge,
    /// `<~`
    OutEdgeSub,

    // ---- EPP ----
    EppStart,
    RenderString,
    RenderExpr,
    EppEnd,
    EppEndTrim,

    /// A character no token starts with.
    Other,
    /// The end of the input (always the last token).
    Eof,
}

/// A lexed token: its kind, its span in the source, and an index into the lexer's text table for
/// tokens that carry processed text (strings, string parts, regexes, heredoc syntax); `u32::MAX` otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
    pub text: u32,
}

/// The index used when a token carries no processed text.
pub const NO_TEXT: u32 = u32::MAX;

impl TokenKind {
    /// The keyword for a complete NAME, if it is one.
    #[allow(non_upper_case_globals)] // the packed keywords are named after their kinds
    pub fn keyword(name: &str) -> Option<TokenKind> {
        let bytes = name.as_bytes();
        if !(2..=8).contains(&bytes.len()) {
            return None;
        }
        // The text as one little-endian word, zero-padded: one comparison per keyword.
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        let word = u64::from_le_bytes(word);
        macro_rules! keywords {
            ($($text:literal => $kind:ident,)*) => {{
                $(const $kind: u64 = pack($text);)*
                match word {
                    $($kind if bytes.len() == $text.len() => Some(TokenKind::$kind),)*
                    _ => None,
                }
            }};
        }
        keywords! {
            b"case" => Case,
            b"class" => Class,
            b"default" => Default,
            b"define" => Define,
            b"if" => If,
            b"elsif" => Elsif,
            b"else" => Else,
            b"inherits" => Inherits,
            b"node" => Node,
            b"and" => And,
            b"or" => Or,
            b"undef" => Undef,
            b"false" => False,
            b"true" => True,
            b"in" => In,
            b"unless" => Unless,
            b"function" => Function,
            b"type" => Type,
            b"attr" => Attr,
            b"private" => Private,
        }
    }

    /// True for a value written as one whole token: a number, a word, a type or variable
    /// reference, a regex, a heredoc, `true`, `false`, `undef` or `default`.
    pub fn is_single_token_value(self) -> bool {
        use TokenKind::*;
        matches!(
            self,
            Heredoc
                | Number
                | Name
                | Word
                | ClassRef
                | Variable
                | Regex
                | True
                | False
                | Undef
                | Default
        )
    }

    /// True for the keywords (including `true`/`false`), which `${keyword}` turns into a variable
    /// and which are valid attribute names.
    pub fn is_keyword(self) -> bool {
        use TokenKind::*;
        matches!(
            self,
            Case | Class
                | Default
                | Define
                | If
                | Elsif
                | Else
                | Inherits
                | Node
                | And
                | Or
                | Undef
                | In
                | Unless
                | Function
                | Type
                | Attr
                | Private
                | True
                | False
        )
    }

    /// The stable category shown in the playground's Tokens pane and used for highlighting.
    pub fn category(self) -> &'static str {
        use TokenKind::*;
        match self {
            String | DqPre | DqMid | DqPost => "string",
            Heredoc => "heredoc",
            Number => "number",
            Name | Word => "name",
            ClassRef => "type",
            Variable => "variable",
            Regex => "regex",
            True | False | Case | Class | Default | Define | If | Elsif | Else | Inherits
            | Node | And | Or | Undef | In | Unless | Function | Type | Attr | Private => "keyword",
            LBrack | ListStart | RBrack | LBrace | SelBrace | RBrace | LParen | WsLParen
            | RParen | Dot | Pipe | Colon | Comma | Semic => "punctuation",
            EppStart | EppEnd | EppEndTrim | RenderExpr => "epp",
            RenderString => "text",
            Other | Eof => "error",
            _ => "operator",
        }
    }
}

/// Up to eight bytes as a little-endian word, zero-padded (see [`TokenKind::keyword`]).
const fn pack(text: &[u8]) -> u64 {
    let mut word = 0u64;
    let mut i = 0;
    while i < text.len() {
        word |= (text[i] as u64) << (8 * i);
        i += 1;
    }
    word
}
