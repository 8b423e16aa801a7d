#!/usr/bin/env ruby
# frozen_string_literal: true
#
# node_oracle.rb - what ../shared/oracle/pp_oracle.rb answers for programs compiled as `puppet apply
# --certname CERTNAME` compiles them for a node with the facts of FACTS.json: the golden data of the `node`
# area (the playground's node: its certname field and Facts pane).
#
# Usage: ruby tests/conformance/node_oracle.rb FACTS.json CERTNAME < cases.jsonl > golden.jsonl
#
# Input and output are pp_oracle.rb's. Every case runs as there, except that its node is the one `puppet
# apply` makes: named CERTNAME (Puppet[:certname] is set too: `$settings::certname`), with the facts of
# FACTS.json plus the local facts every agent adds (Puppet::Node::Facts#add_local_facts: `clientcert`,
# `clientversion`, `clientnoop`), merged as the compiler's node lookup does (`Node#fact_merge`), and the
# server facts `puppet apply` adds (`$server_facts`: the environment). pp_oracle.rb itself is run with its
# node line replaced, so the two cannot drift apart.

require 'json'

ORACLE = File.expand_path('../../../shared/oracle/pp_oracle.rb', __dir__)
FACTS = JSON.parse(File.read(ARGV.fetch(0) { abort 'usage: node_oracle.rb FACTS.json CERTNAME < cases.jsonl' }))
CERTNAME = ARGV.fetch(1) { abort 'usage: node_oracle.rb FACTS.json CERTNAME < cases.jsonl' }
NODE_LINE = "node = Puppet::Node.new('playground', environment: env)\n"

source = File.read(ORACLE)
abort "node_oracle: #{ORACLE} no longer creates its node as expected" unless source.include?(NODE_LINE)
patched = source.sub(NODE_LINE, <<~RUBY)
  Puppet[:certname] = CERTNAME
  node = Puppet::Node.new(CERTNAME, environment: env)
  node_facts = Puppet::Node::Facts.new(CERTNAME, JSON.parse(JSON.generate(FACTS)))
  node_facts.add_local_facts
  node.fact_merge(node_facts)
  node.add_server_facts({})
RUBY
ARGV.clear
eval(patched, binding, ORACLE) # rubocop:disable Security/Eval
