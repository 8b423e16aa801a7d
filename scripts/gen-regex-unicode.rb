#!/usr/bin/env ruby
# Generates core/src/regex/unicode_tables.rs: the Unicode data the regex engine needs, taken from the
# Ruby that runs this script (Debian 12's Ruby 3.1: Unicode 13.0.0, the version Puppet 7.23 matches
# with). Every table is what Ruby's own regexes answer, so the engine agrees with Onigmo character by
# character:
#
#   - the general category of every code point (one run table: start delta, category);
#   - the script of every code point (one run table) and the names of the scripts;
#   - the POSIX-like and binary properties the engine carries (Alpha, Word, Lower, Emoji, ...), each
#     as a set of general categories plus the ranges where the property differs from that set
#     (Word is "L|M|Nd|Pc" and 4 ranges, Alpha "L|Mc|Nl" and 239);
#   - the grapheme cluster break classes `\X` needs;
#   - case folding: the code points `(?i)` makes equivalent (by what `/a/i` matches in Ruby), and the
#     characters that fold to several (`ß` and `ss`).
#
# Usage: ruby scripts/gen-regex-unicode.rb   (about a minute; the output is deterministic)

require 'zlib'

OUT = File.expand_path('../core/src/regex/unicode_tables.rs', __dir__)
MAX = 0x110000

ALL = ((0...0xD800).to_a + (0xE000...MAX).to_a).pack('U*')
def cp_of(index) = index < 0xD800 ? index : index + 0x800

# The ranges of code points the Ruby regex `\p{name}` matches.
def ranges_of(name)
  out = []
  ALL.scan(Regexp.new("\\p{#{name}}+")) do
    m = Regexp.last_match
    lo = cp_of(m.begin(0))
    hi = cp_of(m.end(0) - 1)
    if out.last && out.last[1] + 1 == lo then out.last[1] = hi else out << [lo, hi] end
  end
  out
end

def member_array(ranges)
  a = Array.new(MAX, false)
  ranges.each { |lo, hi| (lo..hi).each { |c| a[c] = true } }
  a
end

def varint(n)
  bytes = []
  loop do
    low = n & 0x7F
    n >>= 7
    if n.zero? then bytes << low; break else bytes << (low | 0x80) end
  end
  bytes
end

# Range boundaries (start, end + 1, ...) as varint deltas.
def boundaries(ranges)
  prev = 0
  ranges.flat_map { |lo, hi| [lo, hi + 1] }.flat_map { |t| d = t - prev; prev = t; varint(d) }
end

def check_aliases(names)
  return if names.empty?
  first = ranges_of(names[0])
  names[1..].each { |n| abort "#{n} is not #{names[0]}" unless ranges_of(n) == first }
end

GC_LEAVES = %w[cc cf cn co cs ll lm lo lt lu mc me mn nd nl no pc pd pe pf pi po ps sc sk sm so zl zp zs].freeze
# Names (normalized: lowercase, no spaces, underscores or hyphens) and the leaves they cover.
GC_NAMES = [
  ['c other', %w[cc cf cn co cs]], ['cc cntrl control', %w[cc]], ['cf format', %w[cf]],
  ['cn unassigned', %w[cn]], ['co privateuse', %w[co]], ['cs surrogate', %w[cs]],
  ['l letter', %w[ll lm lo lt lu]], ['lc casedletter', %w[ll lt lu]], ['ll lowercaseletter', %w[ll]],
  ['lm modifierletter', %w[lm]], ['lo otherletter', %w[lo]], ['lt titlecaseletter', %w[lt]],
  ['lu uppercaseletter', %w[lu]], ['m mark combiningmark', %w[mc me mn]], ['mc spacingmark', %w[mc]],
  ['me enclosingmark', %w[me]], ['mn nonspacingmark', %w[mn]], ['n number', %w[nd nl no]],
  ['nd decimalnumber digit', %w[nd]], ['nl letternumber', %w[nl]], ['no othernumber', %w[no]],
  ['p punct punctuation', %w[pc pd pe pf pi po ps]], ['pc connectorpunctuation', %w[pc]],
  ['pd dashpunctuation', %w[pd]], ['pe closepunctuation', %w[pe]], ['pf finalpunctuation', %w[pf]],
  ['pi initialpunctuation', %w[pi]], ['po otherpunctuation', %w[po]], ['ps openpunctuation', %w[ps]],
  ['s symbol', %w[sc sk sm so]], ['sc currencysymbol', %w[sc]], ['sk modifiersymbol', %w[sk]],
  ['sm mathsymbol', %w[sm]], ['so othersymbol', %w[so]], ['z separator', %w[zl zp zs]],
  ['zl lineseparator', %w[zl]], ['zp paragraphseparator', %w[zp]], ['zs spaceseparator', %w[zs]]
].freeze

SCRIPTS = [
  'unknown zzzz', 'common zyyy', 'latin latn', 'greek grek', 'cyrillic cyrl', 'armenian armn',
  'hebrew hebr', 'arabic arab', 'syriac syrc', 'thaana thaa', 'devanagari deva', 'bengali beng',
  'gurmukhi guru', 'gujarati gujr', 'oriya orya', 'tamil taml', 'telugu telu', 'kannada knda',
  'malayalam mlym', 'sinhala sinh', 'thai', 'lao laoo', 'tibetan tibt', 'myanmar mymr',
  'georgian geor', 'hangul hang', 'ethiopic ethi', 'cherokee cher', 'canadianaboriginal cans',
  'ogham ogam', 'runic runr', 'khmer khmr', 'mongolian mong', 'hiragana hira', 'katakana kana',
  'bopomofo bopo', 'han hani', 'yi yiii', 'olditalic ital', 'gothic goth', 'deseret dsrt',
  'inherited qaai zinh', 'tagalog tglg', 'hanunoo hano', 'buhid buhd', 'tagbanwa tagb',
  'limbu limb', 'taile tale', 'linearb linb', 'ugaritic ugar', 'shavian shaw', 'osmanya osma',
  'cypriot cprt', 'braille brai', 'buginese bugi', 'coptic copt qaac', 'newtailue talu',
  'glagolitic glag', 'tifinagh tfng', 'sylotinagri sylo', 'oldpersian xpeo', 'kharoshthi khar',
  'balinese bali', 'cuneiform xsux', 'phoenician phnx', 'phagspa phag', 'nko nkoo',
  'sundanese sund', 'lepcha lepc', 'olchiki olck', 'vai vaii', 'saurashtra saur', 'kayahli kali',
  'rejang rjng', 'lycian lyci', 'carian cari', 'lydian lydi', 'cham', 'taitham lana',
  'taiviet tavt', 'avestan avst', 'egyptianhieroglyphs egyp', 'samaritan samr', 'lisu',
  'bamum bamu', 'javanese java', 'meeteimayek mtei', 'imperialaramaic armi',
  'oldsoutharabian sarb', 'inscriptionalparthian prti', 'inscriptionalpahlavi phli',
  'oldturkic orkh', 'kaithi kthi', 'batak batk', 'brahmi brah', 'mandaic mand', 'chakma cakm',
  'meroiticcursive merc', 'meroitichieroglyphs mero', 'miao plrd', 'sharada shrd',
  'sorasompeng sora', 'takri takr', 'caucasianalbanian aghb', 'bassavah bass', 'duployan dupl',
  'elbasan elba', 'grantha gran', 'pahawhhmong hmng', 'khojki khoj', 'lineara lina',
  'mahajani mahj', 'manichaean mani', 'mendekikakui mend', 'modi', 'mro mroo',
  'oldnortharabian narb', 'nabataean nbat', 'palmyrene palm', 'paucinhau pauc', 'oldpermic perm',
  'psalterpahlavi phlp', 'siddham sidd', 'khudawadi sind', 'tirhuta tirh', 'warangciti wara',
  'ahom', 'anatolianhieroglyphs hluw', 'hatran hatr', 'multani mult', 'oldhungarian hung',
  'signwriting sgnw', 'adlam adlm', 'bhaiksuki bhks', 'marchen marc', 'newa', 'osage osge',
  'tangut tang', 'masaramgondi gonm', 'nushu nshu', 'soyombo soyo', 'zanabazarsquare zanb',
  'dogra dogr', 'gunjalagondi gong', 'makasar maka', 'medefaidrin medf', 'hanifirohingya rohg',
  'sogdian sogd', 'oldsogdian sogo', 'elymaic elym', 'nandinagari nand',
  'nyiakengpuachuehmong hmnp', 'wancho wcho', 'chorasmian chrs', 'divesakuru diak',
  'khitansmallscript kits', 'yezidi yezi'
].freeze

# Properties carried as "categories plus differences". The first names are what users write; the
# `gcb*` entries are internal (for `\X`) and have no user-visible name.
SETS = [
  'alpha alphabetic', 'alnum', 'word', 'graph', 'print', 'lower lowercase', 'upper uppercase',
  'blank', 'space whitespace wspace', 'xdigit ahex asciihexdigit', 'hex hexdigit', 'ascii', 'any',
  'assigned', 'xposixpunct', 'cased', 'math', 'dash', 'idstart ids', 'idcontinue idc', 'emoji',
  'emojipresentation epres', 'extendedpictographic extpict', 'emojimodifier emod',
  'emojimodifierbase ebase', 'emojicomponent ecomp', 'regionalindicator ri',
  '=gcbprepend graphemeclusterbreak=prepend', '=gcbcontrol graphemeclusterbreak=control',
  '=gcbextend graphemeclusterbreak=extend', '=gcbspacingmark graphemeclusterbreak=spacingmark',
  '=gcbl graphemeclusterbreak=l', '=gcbv graphemeclusterbreak=v', '=gcbt graphemeclusterbreak=t'
].freeze

# Every property name Ruby accepts: the names in libruby's own table of them (normalized words
# of four or more characters) and all names of one to three letters, each checked by compiling it.
def ruby_property_names
  lib = File.join(RbConfig::CONFIG[RbConfig::CONFIG['libdirname'] || 'libdir'], RbConfig::CONFIG['LIBRUBY_SO'])
  candidates = File.binread(lib).scan(/[a-z0-9=._]{4,}/).uniq
  letters = ('a'..'z').to_a
  candidates += letters + letters.product(letters).map(&:join) + letters.product(letters, letters).map(&:join)
  candidates.uniq.select { |n| (Regexp.new("\\p{#{n}}") rescue nil) }
end

# FNV-1a of a normalized name, folded to 16 bits: names Ruby knows and the engine does not carry
# are kept as these hashes (a diagnostic says "not supported" rather than Ruby's "invalid").
def name_hash(name)
  h = 0x811C9DC5
  name.each_byte { |b| h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF }
  (h >> 16) ^ (h & 0xFFFF)
end

def bytes_rs(name, doc, bytes)
  body = bytes.each_slice(24).map { |row| '    ' + row.map { |b| format('0x%02x,', b) }.join(' ') }.join("\n")
  "/// #{doc}\npub(super) const #{name}: [u8; #{bytes.size}] = [\n#{body}\n];\n"
end

def u64s_rs(name, doc, values)
  body = values.map { |v| format('    0x%016x,', v) }.join("\n")
  "/// #{doc}\npub(super) const #{name}: [u64; #{values.size}] = [\n#{body}\n];\n"
end

# --- general categories -------------------------------------------------------------------------
category = Array.new(MAX, GC_LEAVES.index('cn'))
GC_LEAVES.each_with_index do |leaf, i|
  next if %w[cn cs].include?(leaf)
  ranges_of(leaf).each { |lo, hi| (lo..hi).each { |c| category[c] = i } }
end
(0xD800..0xDFFF).each { |c| category[c] = GC_LEAVES.index('cs') }
GC_NAMES.each { |names, _| check_aliases(names.split.reject { |n| %w[cs surrogate].include?(n) }) }

# Runs of equal values as two streams (they compress better apart): varint start deltas, values.
def runs_bytes(values)
  starts = []
  kinds = []
  prev_start = 0
  last = nil
  values.each_with_index do |v, c|
    next if v == last
    starts.concat(varint(c - prev_start))
    kinds << v
    prev_start = c
    last = v
  end
  [starts, kinds]
end
gc_bytes = runs_bytes(category)
gc_masks = GC_NAMES.map { |_, leaves| leaves.sum { |l| 1 << GC_LEAVES.index(l) } }

# --- scripts ------------------------------------------------------------------------------------
script = Array.new(MAX, 0)
SCRIPTS.each_with_index do |names, i|
  list = names.split
  check_aliases(list)
  next if i.zero?
  ranges_of(list[0]).each { |lo, hi| (lo..hi).each { |c| script[c] = i } }
end
abort 'unknown is not the rest' unless member_array(ranges_of('unknown')).each_with_index.all? { |m, c| (c >= 0xD800 && c <= 0xDFFF) || m == script[c].zero? }
script_bytes = runs_bytes(script)

# --- properties as categories plus differences ---------------------------------------------------
set_bytes = []
set_offsets = []
SETS.each do |names|
  list = names.split.reject { |n| n.start_with?('=') }
  check_aliases(list)
  members = member_array(ranges_of(list[0]))
  total = Hash.new(0)
  inside = Hash.new(0)
  category.each_with_index { |cat, c| total[cat] += 1; inside[cat] += 1 if members[c] }
  leaves = total.keys.select { |cat| inside[cat] * 2 > total[cat] }
  mask = leaves.sum { |cat| 1 << cat }
  diff = []
  start = nil
  (0..MAX).each do |c|
    differs = c < MAX && (members[c] ^ leaves.include?(category[c]))
    if differs && start.nil? then start = c elsif !differs && start then diff << [start, c - 1]; start = nil end
  end
  set_offsets << set_bytes.size
  set_bytes.concat([mask].pack('V').bytes).concat(varint(diff.size * 2)).concat(boundaries(diff))
end
set_offsets << set_bytes.size

# --- case folding --------------------------------------------------------------------------------
parent = {}
find = ->(x) { parent[x] = find.(parent[x]) if parent[x] && parent[x] != x; parent[x] || x }
multi = []
(0...MAX).each do |cp|
  next if cp >= 0xD800 && cp <= 0xDFFF
  c = cp.chr(Encoding::UTF_8)
  [c.upcase, c.downcase, c.downcase(:fold), c.swapcase, c.capitalize].uniq.each do |other|
    next if other == c
    if other.length == 1
      a = find.(cp)
      b = find.(other.ord)
      parent[a] = b unless a == b
    elsif other == c.downcase(:fold) && Regexp.new(Regexp.escape(c), Regexp::IGNORECASE).match?(other) &&
          Regexp.new(Regexp.escape(other), Regexp::IGNORECASE).match?(c)
      multi << [cp, other.codepoints]
    end
  end
end
orbits = Hash.new { |h, k| h[k] = [] }
(parent.keys | parent.values).each { |cp| orbits[find.(cp)] << cp }
keys = {}
orbits.each_value do |members|
  members = members.uniq.sort
  # Split an orbit by what Ruby's /a/i really matches (its equivalence, not ours).
  until members.empty?
    head = members.shift
    same = members.select do |m|
      Regexp.new(Regexp.escape(head.chr('UTF-8')), Regexp::IGNORECASE).match?(m.chr('UTF-8')) &&
        Regexp.new(Regexp.escape(m.chr('UTF-8')), Regexp::IGNORECASE).match?(head.chr('UTF-8'))
    end
    members -= same
    same.each { |m| keys[m] = head }
  end
end
fold_pairs = keys.sort
fold_runs = []
fold_pairs.each do |cp, key|
  delta = key - cp
  run = fold_runs.last
  if run && run[:delta] == delta && run[:count] < 0x7FF &&
     ((run[:count] == 1 && (cp - run[:start] == 1 || cp - run[:start] == 2)) ||
      (run[:count] > 1 && cp == run[:start] + run[:count] * run[:stride]))
    run[:stride] = cp - run[:start] if run[:count] == 1
    run[:count] += 1
  else
    fold_runs << { start: cp, count: 1, stride: 1, delta: delta }
  end
end
fold_values = fold_runs.map do |r|
  r[:start] | (r[:count] << 21) | ((r[:stride] - 1) << 32) | ((r[:delta] + (1 << 30)) << 33)
end
multi.uniq!
multi_values = multi.sort.map do |cp, folded|
  abort "fold of #{cp} too long" if folded.size > 3 || folded.any? { |f| f > 0xFFFF }
  folded.each_with_index.sum(cp) { |f, i| f << (21 + 16 * i) }
end

# --- the file --------------------------------------------------------------------------------------
names_line = ->(list) { list.map { |l| l.split.reject { |n| n.start_with?('=') }.join(' ') } }
property_names = (GC_NAMES.map(&:first) + SCRIPTS + names_line.(SETS)).join("\n")
gcb = SETS.each_index.to_h { |i| [SETS[i].split.first.delete('='), i] }
carried = property_names.split(/[\n ]/)
unsupported = (ruby_property_names - carried).map { |n| name_hash(n) }.uniq.sort
text = +''
text << "//! Unicode data for the regex engine, generated by `scripts/gen-regex-unicode.rb` from Ruby #{RUBY_VERSION} (Unicode #{RbConfig::CONFIG['UNICODE_VERSION']}, what Puppet 7.23's regexes use; do not edit).\n\n"
text << "// Sizes: categories #{gc_bytes.flatten.size} bytes, scripts #{script_bytes.flatten.size}, properties #{set_bytes.size}, names #{property_names.size}, folds #{fold_values.size * 8 + multi_values.size * 8}.\n\n"
text << "/// The Unicode version of these tables.\npub(super) const UNICODE_VERSION: &str = #{RbConfig::CONFIG['UNICODE_VERSION'].inspect};\n\n"
text << "// General categories, in the order the tables number them: #{GC_LEAVES.join(' ')}.\n\n"
text << bytes_rs('CATEGORY_STARTS', 'Where each run of code points of one general category starts: varint deltas.', gc_bytes[0]) << "\n"
text << bytes_rs('CATEGORY_VALUES', 'The general category of each run.', gc_bytes[1]) << "\n"
text << bytes_rs('SCRIPT_STARTS', 'Where each run of code points of one script starts: varint deltas.', script_bytes[0]) << "\n"
text << bytes_rs('SCRIPT_VALUES', 'The script of each run (as numbered by the script lines of `PROPERTY_NAMES`).', script_bytes[1]) << "\n"
text << bytes_rs('SETS', 'Properties as a mask of categories (4 bytes, little-endian), a varint count of boundaries and their varint deltas (ranges where the property differs from the categories).', set_bytes) << "\n"
text << "/// Where each property of `SETS` starts (and where the last ends).\npub(super) const SET_OFFSETS: [u16; #{set_offsets.size}] = #{set_offsets.inspect};\n\n"
text << "/// The category masks of the first #{GC_NAMES.size} lines of `PROPERTY_NAMES`.\npub(super) const CATEGORY_MASKS: [u32; #{gc_masks.size}] = #{gc_masks.inspect};\n\n"
text << "/// Lines of normalized names (lowercase; no spaces, underscores or hyphens): #{GC_NAMES.size} category lines, #{SCRIPTS.size} script lines, then the `SETS` in order.\n"
text << "pub(super) const PROPERTY_NAMES: &str = \"#{property_names.gsub("\n", '\\n')}\";\n\n"
text << "/// Lines of `PROPERTY_NAMES` before the scripts, and before the sets.\npub(super) const SCRIPT_LINE: usize = #{GC_NAMES.size};\npub(super) const SET_LINE: usize = #{GC_NAMES.size + SCRIPTS.size};\n\n"
%w[gcbprepend gcbcontrol gcbextend gcbspacingmark gcbl gcbv gcbt word space].each do |key|
  text << "pub(super) const SET_#{key.upcase}: usize = #{gcb.fetch(key)};\n"
end
text << "\n/// FNV-1a hashes (folded to 16 bits) of the other names Ruby accepts (blocks, ages, rarer binary\n/// properties), which the engine does not carry.\n"
text << "pub(super) const UNSUPPORTED: [u16; #{unsupported.size}] = #{unsupported.inspect};\n\n"
text << u64s_rs('FOLD_RUNS', 'Case-fold keys: runs packed as start (21 bits), count (11), stride - 1 (1), key delta + 2^30; a code point outside every run is its own key.', fold_values) << "\n"
text << u64s_rs('MULTI_FOLDS', 'Characters that fold to several: the code point (21 bits), then up to three 16-bit code points.', multi_values)
File.write(OUT, text)
all = gc_bytes.flatten.size + script_bytes.flatten.size + set_bytes.size + property_names.size + fold_values.size * 8 + multi_values.size * 8
gz = Zlib::Deflate.deflate((gc_bytes.flatten + script_bytes.flatten + set_bytes).pack('C*') + property_names, 9).size
puts "wrote #{OUT}: #{all} bytes of tables (#{gz} bytes deflated, without folds)"
