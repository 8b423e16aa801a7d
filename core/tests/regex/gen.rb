#!/usr/bin/env ruby
# Regenerates golden.jsonl from cases.txt with the Ruby that runs it (Debian 12's Ruby 3.1, the
# Onigmo of Puppet 7.23): for each pattern and subject, the first match (its groups as strings and
# its byte offset), all matches as Ruby's String#scan walks them, or Ruby's error.
#
# cases.txt: one case per line, `pattern<TAB>subject`; the subject is the body of a Ruby
# double-quoted string (`\n`, `\u00e9`); a line without a tab only compiles the pattern; `#` lines
# are comments.  Usage: ruby core/tests/regex/gen.rb [cases.txt golden.jsonl]
require 'json'
require 'timeout'
here = __dir__
cases = ARGV[0] || File.join(here, 'cases.txt')
out = File.open(ARGV[1] || File.join(here, 'golden.jsonl'), 'w')
$VERBOSE = nil # no warnings about odd patterns
File.foreach(cases, chomp: true) do |line|
  next if line.empty? || line.start_with?('#')
  pattern, subject = line.split("\t", 2)
  record = { 'pattern' => pattern }
  begin
    # Ruby 3.1 backtracks for ever on some patterns: those cases are left out.
    Timeout.timeout(2) do
      regex = Regexp.new(pattern)
      if subject
        text = eval('"' + subject + '"')
        record['subject'] = text
        m = regex.match(text)
        record['match'] = m && { 'at' => m.pre_match.bytesize, 'groups' => m.to_a }
        all = []
        text.scan(regex) do
          start = $~.pre_match.bytesize
          all << [start, start + $~[0].bytesize]
        end
        record['all'] = all.first(50)
      end
    end
  rescue Timeout::Error
    next
  rescue RegexpError => e
    record['error'] = e.message.sub(/: \/.*\z/m, '')
  end
  out.puts JSON.generate(record)
end
