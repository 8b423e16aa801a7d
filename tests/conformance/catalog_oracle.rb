#!/usr/bin/env ruby
# frozen_string_literal: true
#
# catalog_oracle.rb - the catalogs real Puppet (7.x) compiles from Puppet snippets, one JSON line per
# snippet: the golden data of the playground's Catalog pane (tests/conformance/golden-catalog/).
#
# Input (stdin):  JSON Lines, each {"id": "...", "src": "<puppet program>"}
# Output (stdout): JSON Lines, each {"id", "src", "resources", "error"}
#
#   resources - the compiled catalog as an agent would get it (virtual and exported resources that were
#               not collected are left out), in the catalog's order, without the three resources every
#               compile adds (Stage[main], Class[Settings], Class[main]): [["Type[title]", [[param, %p]]]]
#               with each parameter's value in %p form; the namevar (`name`, `path`, ...) is left out when
#               it is the title, as a manifest would leave it out. Chain arrows (`->`, `~>`) appear as the
#               `before`/`notify` parameters Puppet turns them into.
#   error     - null, or the first line of the compile's error (then `resources` is null)
#
# Every case is compiled exactly as ../shared/oracle/pp_oracle.rb does (same settings, fresh
# environment, node and compiler per case), and then finished as `puppet apply` finishes a compile
# (collectors, defined types, overrides, relationships). The setup code is pp_oracle.rb's own: its
# part before "Evaluation of one case" is loaded from there, so the two cannot drift apart.
#
# Usage: ruby tests/conformance/catalog_oracle.rb < cases.jsonl > catalog.jsonl

require 'json'

ORACLE = File.expand_path('../../../shared/oracle/pp_oracle.rb', __dir__)
setup, = File.read(ORACLE).split(/^# Evaluation of one case$/)
eval(setup, binding, ORACLE) # rubocop:disable Security/Eval

AUTOMATIC = ['Stage[main]', 'Class[Settings]', 'Class[main]'].freeze

# The parameters of one catalog resource as [name, %p], without the namevar when it is the title.
def parameters_of(resource)
  key_attributes =
    if resource.type.to_s.casecmp?('class') || resource.resource_type.is_a?(Puppet::Resource::Type)
      [:name]
    else
      Puppet::Type.type(resource.type.to_s.downcase)&.key_attributes || [:name]
    end
  resource.to_hash.filter_map do |name, value|
    next if key_attributes.include?(name.to_sym) && value.to_s == resource.title.to_s
    [name.to_s, clean(Puppet::Pops::Types::StringConverter.convert(value, '%p'))]
  end
end

def catalog_case(src)
  SINK.messages.clear
  Puppet.clear_deprecation_warnings
  out = { 'resources' => nil, 'error' => nil }
  env = Puppet::Node::Environment.create(:production, [])
  node = Puppet::Node.new('playground', environment: env)
  begin
    Puppet.override({ current_environment: env,
                      environments: Puppet::Environments::Static.new(env) }, 'catalog_oracle case') do
      compiler = Puppet::Parser::Compiler.new(node)
      Puppet.override(compiler.context_overrides, 'catalog_oracle compile') do
        compiler.send(:set_node_parameters)
        compiler.send(:create_settings_scope)
        compiler.send(:evaluate_main)
        Timeout.timeout(CASE_TIMEOUT) do
          parser = Puppet::Pops::Parser::EvaluatingParser.new
          model = parser.parse_string(src, FILE_NAME)
          if model.is_a?(Puppet::Pops::Model::Program)
            bridged = Puppet::Parser::AST::PopsBridge::Program.new(model, file: FILE_NAME)
            env.known_resource_types.import_ast(bridged, '')
          end
          parser.evaluate(compiler.topscope, model)
          compiler.send(:evaluate_generators)
          compiler.send(:finish)
          out['resources'] = compiler.catalog.resources
                                     .reject { |r| r.virtual? || AUTOMATIC.include?(r.ref) }
                                     .map { |r| [clean(r.ref), parameters_of(r)] }
        end
      end
    end
  rescue Timeout::Error
    out['error'] = "Oracle timeout after #{CASE_TIMEOUT} seconds"
  rescue SystemStackError => e
    out['error'] = first_line("SystemStackError: #{e.message}")
  rescue Interrupt, SignalException
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    out['error'] = error_message(e)
  end
  out['resources'] = nil unless out['error'].nil?
  SINK.messages.clear
  out
end

$stdout.sync = true
$stdin.each_line do |line|
  next if line.strip.empty?

  input = JSON.parse(line)
  result = catalog_case(input['src'])
  puts JSON.generate({ 'id' => input['id'], 'src' => input['src'] }.merge(result))
end
