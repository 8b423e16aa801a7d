#!/usr/bin/env ruby
# frozen_string_literal: true
#
# facts_oracle.rb - what ../shared/oracle/pp_oracle.rb answers for programs compiled for a node that has
# facts: the golden data of the `facts` area (the playground's Facts pane, `puppet-eval --facts`).
#
# Usage: ruby tests/conformance/facts_oracle.rb FACTS.json < cases.jsonl > golden.jsonl
#
# Input and output are pp_oracle.rb's. Every case runs as there, except that its node gets the facts of
# FACTS.json the way the compiler's node lookup gives them (`Node#fact_merge`): `$facts`, and a top-scope
# variable per fact. pp_oracle.rb itself is run with that one line added, so the two cannot drift apart.

require 'json'

ORACLE = File.expand_path('../../../shared/oracle/pp_oracle.rb', __dir__)
FACTS = JSON.parse(File.read(ARGV.fetch(0) { abort 'usage: facts_oracle.rb FACTS.json < cases.jsonl' }))
NODE_LINE = "node = Puppet::Node.new('playground', environment: env)\n"

source = File.read(ORACLE)
abort "facts_oracle: #{ORACLE} no longer creates its node as expected" unless source.include?(NODE_LINE)
patched = source.sub(NODE_LINE,
                     "#{NODE_LINE}  node.fact_merge(Puppet::Node::Facts.new('playground', JSON.parse(JSON.generate(FACTS))))\n")
ARGV.clear
eval(patched, binding, ORACLE) # rubocop:disable Security/Eval
