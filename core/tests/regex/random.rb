#!/usr/bin/env ruby
# Random patterns and subjects for a differential run of the engine against Ruby:
#   ruby core/tests/regex/random.rb SEED COUNT > /tmp/r.txt
#   ruby core/tests/regex/gen.rb /tmp/r.txt /tmp/r.jsonl
#   REGEX_GOLDEN=/tmp/r.jsonl cargo test -p puppet-core --test regex_ruby
# (gen.rb leaves out the cases Ruby 3.1 backtracks on for more than 2 s). Session 7 ran seeds 1-5
# (23,000 cases): the differences found were fixed, but for one Onigmo quirk (`\b` right after a
# back-reference at the end of the text never matches in Ruby: /()\1\b/ on "ab" from 2).
srand(ARGV[0].to_i)
ATOMS = %w[a b c . \\w \\d \\s \\h [ab] [^a] [a-c] \\b ^ $ \\A \\z \\Z [[:alpha:]] \\p{L} é É x X]
def atom(d)
  r = rand(100)
  if d > 3 || r < 45
    ATOMS.sample
  elsif r < 55 then "(#{pat(d+1)})"
  elsif r < 60 then "(?:#{pat(d+1)})"
  elsif r < 64 then "(?=#{pat(d+1)})"
  elsif r < 67 then "(?!#{pat(d+1)})"
  elsif r < 70 then "(?<=#{%w[a b ab [ab] \\w].sample})"
  elsif r < 73 then "(?<!#{%w[a b ab [ab] \\w].sample})"
  elsif r < 76 then "(?>#{pat(d+1)})"
  elsif r < 79 then "(?i:#{pat(d+1)})"
  elsif r < 81 then "(?m:#{pat(d+1)})"
  elsif r < 85 then "(?<n>#{pat(d+1)})"
  elsif r < 88 then "\\1"
  elsif r < 90 then "\\k<n>"
  else ATOMS.sample
  end
end
def quant
  %w[* + ? *? +? ?? *+ ++ {2} {1,2} {,2} {2,}? {0,1}].sample
end
def seq(d) = Array.new(1 + rand(3)) { a = atom(d); rand < 0.3 ? a + quant : a }.join
def pat(d) = Array.new(rand < 0.2 ? 2 : 1) { seq(d) }.join('|')
SUBJ = %w[a b c x A B é É \\n 1 _ -]
ARGV[1].to_i.times do
  p = pat(0)
  s = Array.new(rand(8)) { SUBJ.sample }.join
  puts "#{p}\t#{s}"
end
