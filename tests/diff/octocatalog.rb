#!/usr/bin/env ruby
# frozen_string_literal: true
#
# octocatalog.rb - octocatalog-diff's answer for every change and node of the corpus, as
# octocatalog-diff 2.1.0 (Debian's) computes it with its default options, on catalogs that
# Debian's Puppet 7.23 compiles: each version of each node is compiled once, in this one process
# (what octocatalog-diff's `puppet catalog compile` subprocess does, without starting Puppet 2 x 120
# times), then octocatalog-diff's own code turns module-sourced files into their text
# (--compare-file-text, on by default) and diffs the two catalogs (its Differ with the CLI's
# default ignores: classes and tags; its AbsentFile and CompilationDir filters).
#
# Usage: ruby octocatalog.rb WORKDIR NODESDIR CHANGE... > golden.jsonl
#   WORKDIR holds the versions (corpus.py --write): WORKDIR/base, WORKDIR/<change>

require 'json'
require 'fileutils'
require 'logger'
require 'tmpdir'

work, nodes_dir, *changes = ARGV
abort 'usage: octocatalog.rb WORKDIR NODESDIR CHANGE...' if changes.empty?
tmp = Dir.mktmpdir('octo-corpus-')
at_exit { FileUtils.rm_rf(tmp) }

# Each version is an environment (names with underscores) of one environment path.
envpath = File.join(tmp, 'environments')
FileUtils.mkdir_p(envpath)
env_name = ->(version) { version.tr('-', '_') }
(['base'] + changes).each { |v| File.symlink(File.join(work, v), File.join(envpath, env_name.call(v))) }
%w[conf var run log].each { |d| FileUtils.mkdir_p(File.join(tmp, d)) }

require 'puppet'
Puppet.initialize_settings([
  '--confdir', "#{tmp}/conf", '--vardir', "#{tmp}/var", '--rundir', "#{tmp}/run",
  '--logdir', "#{tmp}/log", '--codedir', tmp, '--environmentpath', envpath,
  '--basemodulepath', '', '--hiera_config', "#{tmp}/conf/hiera.yaml"
])
Puppet[:strict_variables] = true
Puppet[:strict] = :error
Puppet::Util::Log.close_all
Puppet::Util::Log.newdestination(Puppet::Util::Log.desttypes[:array].new([]) ) rescue nil

require 'octocatalog-diff'

# The catalog of `certname` in `version`, as octocatalog-diff holds it, or the error.
def compile(version_env, certname, values, compilation_dir)
  env = Puppet.lookup(:environments).get!(version_env)
  facts = Puppet::Node::Facts.new(certname, values)
  node = Puppet::Node.new(certname, facts: facts, environment: env)
  node.merge(facts.values)
  # As `puppet catalog compile NODE` on the compiling host: a local, authenticated certname.
  trusted = Puppet::Context::TrustedInformation.new('local', certname, {})
  node.trusted_data = trusted.to_h
  catalog = Puppet.override(current_environment: env, loaders: nil, trusted_information: trusted) do
    Puppet::Parser::Compiler.compile(node)
  end
  [JSON.generate(catalog.to_data_hash), nil]
rescue StandardError, ScriptError => e
  [nil, e.message.to_s.lines.first.to_s.strip[0, 500]]
end

# A fresh octocatalog-diff catalog of a compiled catalog's JSON, its module files read as
# --compare-file-text reads them. (octocatalog-diff's differ changes the catalog it is given:
# it takes a file's `path` out of its parameters; each diff gets its own copy, as each run of its
# CLI does.)
def octo_catalog(json, compilation_dir)
  cat = OctocatalogDiff::Catalog.create(backend: :json, json: json, compare_file_text: true)
  cat.compilation_dir = compilation_dir
  OctocatalogDiff::CatalogUtil::FileResources.convert_file_resources(cat, 'production')
  cat
end

# octocatalog-diff's FileResources reads <compilation_dir>/environments/production/.
compilation_dirs = {}
(['base'] + changes).each do |v|
  dir = File.join(tmp, "compile-#{v}")
  FileUtils.mkdir_p(File.join(dir, 'environments'))
  File.symlink(File.join(work, v), File.join(dir, 'environments', 'production'))
  compilation_dirs[v] = dir
end

options = {
  logger: Logger.new(File::NULL),
  ignore: [{ type: 'Class' }],
  suppress_absent_file_details: true,
  compare_file_text: true
}
nodes = Dir.glob(File.join(nodes_dir, '*.json')).sort
nodes.each do |path|
  certname = File.basename(path, '.json')
  values = JSON.parse(File.read(path))
  from, from_error = compile(env_name.call('base'), certname, values, compilation_dirs['base'])
  changes.each do |change|
    to, to_error = compile(env_name.call(change), certname, values, compilation_dirs[change])
    record = { 'change' => change, 'node' => certname }
    if from_error || to_error
      record['error'] = to_error || from_error
    else
      differ = OctocatalogDiff::CatalogDiff::Differ.new(options, octo_catalog(from, compilation_dirs['base']),
                                                        octo_catalog(to, compilation_dirs[change]))
      differ.ignore(attr: 'tags')
      diffs = differ.diff.map { |d| OctocatalogDiff::API::V1::Diff.factory(d) }
      record['diff'] = diffs.map do |d|
        { 'diff_type' => d.diff_type, 'type' => d.type, 'title' => d.title, 'structure' => d.structure }
      end
    end
    puts JSON.generate(record)
    $stdout.flush
  end
end
