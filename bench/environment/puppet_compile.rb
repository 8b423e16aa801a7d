#!/usr/bin/env ruby
# frozen_string_literal: true
#
# puppet_compile.rb - compile an environment directory with real Puppet 7.23, in this one warm Ruby
# process, as `puppet apply` compiles it for the node `playground` (its manifests/, modules from
# its modules/): one warm-up, then the median of RUNS compiles (each with a new environment,
# node and compiler). Prints one JSON line: {"seconds", "runs", "resources", "catalog"}, the
# catalog as env_oracle.rb lists it (for the comparison with puppet-eval).
#
# With --serve instead of RUNS, the compiles are asked for one at a time, so that a benchmark can
# run its own side between them and both sides see the same machine: after the warm-up it prints
# {"resources", "catalog"}, then compiles once for each line read from stdin and prints
# {"seconds"} for it, until stdin ends (bench/run_all.py).
#
# Usage: ruby bench/environment/puppet_compile.rb ENVDIR [RUNS | --serve]

require 'json'
require 'tmpdir'
require 'puppet'

envdir = File.expand_path(ARGV[0] || abort('usage: puppet_compile.rb ENVDIR [RUNS | --serve]'))
serve = ARGV[1] == '--serve'
runs = serve ? 0 : (ARGV[1] || '3').to_i
tmp = Dir.mktmpdir('puppet_compile')
Puppet.initialize_settings(['--confdir', "#{tmp}/conf", '--vardir', "#{tmp}/var", '--codedir', "#{tmp}/code",
                            '--environmentpath', "#{tmp}/code/environments", '--hiera_config', "#{tmp}/conf/hiera.yaml"])
Puppet[:strict_variables] = true
Puppet[:strict] = :error
Puppet::Util::Log.close_all

AUTOMATIC = ['Stage[main]', 'Class[Settings]', 'Class[main]'].freeze

def parameters_of(resource)
  keys = if resource.type.to_s.casecmp?('class') || resource.resource_type.is_a?(Puppet::Resource::Type)
           [:name]
         else
           Puppet::Type.type(resource.type.to_s.downcase)&.key_attributes || [:name]
         end
  resource.to_hash.filter_map do |name, value|
    next if keys.include?(name.to_sym) && value.to_s == resource.title.to_s
    [name.to_s, Puppet::Pops::Types::StringConverter.convert(value, '%p')]
  end
end

def compile(envdir)
  env = Puppet::Node::Environment.create(:production, [File.join(envdir, 'modules')], File.join(envdir, 'manifests'))
  node = Puppet::Node.new('playground', environment: env)
  node.trusted_data = Puppet::Context::TrustedInformation.new('local', 'playground', {}, {}).to_h
  Puppet.override({ current_environment: env,
                    environments: Puppet::Environments::StaticDirectory.new(:production, envdir, env) }) do
    compiler = Puppet::Parser::Compiler.new(node)
    compiler.compile
    compiler.catalog
  end
end

def timed_compile(envdir)
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  compile(envdir)
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
end

catalog = compile(envdir)
listing = catalog.resources.reject { |r| r.virtual? || AUTOMATIC.include?(r.ref) }.map { |r| [r.ref, parameters_of(r)] }
if serve
  $stdout.sync = true
  puts JSON.generate({ 'resources' => listing.size, 'catalog' => listing })
  $stdin.each_line { puts JSON.generate({ 'seconds' => timed_compile(envdir) }) }
else
  times = Array.new(runs) { timed_compile(envdir) }
  puts JSON.generate({ 'seconds' => times.sort[times.size / 2], 'runs' => runs, 'resources' => listing.size,
                       'catalog' => listing })
end
FileUtils.rm_rf(tmp)
