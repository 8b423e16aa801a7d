#!/usr/bin/env ruby
# Golden renderings of lookup values, from Ruby itself: what `puppet lookup` prints for a value
# with --render-as yaml (Psych's to_yaml, the default), json and s (Ruby's to_s). Reads
# ruby_render_values.json (a JSON array of values) and writes ruby_render.json:
# [{"value": v, "yaml": "...", "json": "...", "s": "..."}]. Run from anywhere:
#   ruby cli/tests/data/ruby_render.rb
# (Debian's ruby with the json and psych gems Puppet uses; nothing else.)
require 'json'
require 'yaml'
here = File.dirname(__FILE__)
values = JSON.parse(File.read(File.join(here, 'ruby_render_values.json')))
out = values.map do |v|
  { 'value' => v, 'yaml' => v.to_yaml, 'json' => JSON.generate(v, quirks_mode: true), 's' => v.to_s }
end
File.write(File.join(here, 'ruby_render.json'), JSON.pretty_generate(out) + "\n")
puts "#{out.size} renderings written"
