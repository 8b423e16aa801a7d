#!/usr/bin/env ruby
# Regenerates golden.jsonl from cases.txt with the Ruby that runs it (Debian 12's Ruby 3.1, the
# Ruby of Puppet 7.23): for each expression, the `inspect` of its value, or the class and message
# of what it raises.
#
# cases.txt: one Ruby expression per line, evaluated alone (its own local variables, `$~`);
# `#` lines are comments.  Usage: ruby core/tests/ruby/gen.rb [cases.txt golden.jsonl]
require 'json'
require 'yaml'
require 'set'
require 'ipaddr'
require 'uri'
require 'shellwords'
require 'base64'
require 'digest'
require 'openssl'
require 'cgi'
here = __dir__
cases = ARGV[0] || File.join(here, 'cases.txt')
out = File.open(ARGV[1] || File.join(here, 'golden.jsonl'), 'w')
$VERBOSE = nil # no warnings

# A binding of its own for each case: no local variable of one reaches the next.
def fresh_binding
  binding
end

File.foreach(cases, chomp: true) do |line|
  next if line.strip.empty? || line.start_with?('#')
  record = { 'expr' => line }
  begin
    record['inspect'] = eval(line, fresh_binding).inspect
  rescue Exception => e # rubocop:disable Lint/RescueException
    record['error'] = e.class.name
    record['message'] = e.message
  end
  out.puts JSON.generate(record)
end
