//! Resource types modules declare in Ruby, run by the engine's Ruby (goldens against OpenVox are
//! in tests/conformance/env/ruby_types.txt): what the interpreter does not run leaves the type
//! known with its attributes unchecked; hostile type files stop at the evaluation's limits; odd
//! `title_patterns` values and failing title procs never panic.

use puppet_core::{evaluate_environment, Environment, EvalOptions, Limits, MemoryFiles, Outcome};

fn compile(type_file: &str, code: &str, limits: Limits) -> Outcome {
    let mut files = MemoryFiles::new();
    files.insert("modules/m/lib/puppet/type/t.rb", type_file, &limits);
    let env = Environment::snippet(&files, code);
    let options = EvalOptions {
        limits,
        ..EvalOptions::default()
    };
    evaluate_environment(&env, &options)
}

fn parameters(outcome: &Outcome) -> Vec<(String, String)> {
    outcome
        .catalog
        .iter()
        .filter(|r| r.type_name == "T")
        .flat_map(|r| r.parameters.iter())
        .map(|(name, value)| (name.clone(), puppet_core::value::to_string_default(value)))
        .collect()
}

#[test]
fn a_type_file_the_interpreter_does_not_run_leaves_its_attributes_unchecked() {
    let unread = [
        // A constant of the module's own Ruby that no file defines here.
        "require 'puppet_x/m/helper'\nPuppet::Type.newtype(:t) do\n  PuppetX::M::Helper.attributes.each { |a| newparam(a) }\nend\n",
        // A class method of Puppet::Type the stand-in lacks.
        "Puppet::Type.newtype(:t) do\n  newparam(:name, namevar: true)\n  some_future_dsl :x\nend\n",
        // Ruby the parser does not read.
        "Puppet::Type.newtype(:t) do\n  newparam(:name do\nend\n",
        // No newtype at all, or one of another name.
        "# nothing here\n",
        "Puppet::Type.newtype(:other) do\nend\n",
    ];
    for file in unread {
        let outcome = compile(file, "t { 'x': anything => 1 }", Limits::default());
        assert!(outcome.error().is_none(), "{file}: {:?}", outcome.error());
        assert_eq!(
            parameters(&outcome),
            vec![("anything".into(), "1".into())],
            "{file}"
        );
    }
}

#[test]
fn hostile_type_files_stop_at_the_limits() {
    let limits = Limits {
        max_steps: 100_000,
        ..Limits::default()
    };
    let hostile = [
        "Puppet::Type.newtype(:t) do\n  loop { }\nend\n",
        "Puppet::Type.newtype(:t) do\n  def self.deep(n)\n    deep(n + 1)\n  end\n  deep(0)\nend\n",
        "Puppet::Type.newtype(:t) do\n  def self.title_patterns\n    loop { }\n  end\n  newparam(:name) { isnamevar }\nend\n",
        "Puppet::Type.newtype(:t) do\n  100_000.times { |i| newparam(\"p#{i}\".to_sym) }\nend\n",
    ];
    for file in hostile {
        // A diagnostic or a compile: never a panic or a hang.
        let _ = compile(file, "t { 'x': }", limits.clone());
    }
}

#[test]
fn odd_title_patterns_are_not_read_and_titles_stay_whole() {
    let odd = [
        "nil",
        "'text'",
        "[1, 2]",
        "[[%r{(.*)}, 'name']]",
        "[[%r{(.*)}, [['x', 1]]]]",
        "[[%r{(.*)}, [[1]]]]",
        "[[%r{(.*)}, [[:name, 42]]]]",
    ];
    for value in odd {
        let file = format!(
            "Puppet::Type.newtype(:t) do\n  def self.title_patterns\n    {value}\n  end\n  newparam(:name) {{ isnamevar }}\nend\n"
        );
        let outcome = compile(&file, "t { 'x': }", Limits::default());
        assert!(outcome.error().is_none(), "{value}: {:?}", outcome.error());
    }
}

#[test]
fn a_title_proc_that_raises_fails_the_statement_and_one_that_gives_no_value_leaves_the_part() {
    let raising = "Puppet::Type.newtype(:t) do\n  def self.title_patterns\n    [[%r{^(.*)/(.*)$}, [[:a, ->(x) { raise 'no' }], [:b, ->(x) { 42 }]]]]\n  end\n  newparam(:a) { isnamevar }\n  newparam(:b) { isnamevar }\nend\n";
    let outcome = compile(raising, "t { 'p/q': }", Limits::default());
    let error = outcome.error().expect("the proc's exception");
    assert_eq!(
        error.message,
        "Error while evaluating a Resource Statement, no"
    );
    // nil, a range (no Puppet value), a call the interpreter does not make: the part as it is.
    let unvalued = "Puppet::Type.newtype(:t) do\n  def self.title_patterns\n    [[%r{^(.*)/(.*)/(.*)$}, [[:a, ->(x) { nil }], [:b, ->(x) { (1..2) }], [:c, ->(x) { x.no_such_method_here }]]]]\n  end\n  newparam(:a) { isnamevar }\n  newparam(:b) { isnamevar }\n  newparam(:c) { isnamevar }\nend\n";
    let outcome = compile(unvalued, "t { 'p/q/r': }", Limits::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(
        parameters(&outcome),
        vec![
            ("a".into(), "p".into()),
            ("b".into(), "q".into()),
            ("c".into(), "r".into())
        ]
    );
}

#[test]
fn a_namevar_equal_to_the_title_is_left_out_of_the_catalog() {
    let file = "Puppet::Type.newtype(:t) do\n  newparam(:tag) do\n  end\n  newparam(:path, namevar: true) do\n    desc <<-DOC\n      Where.\n    DOC\n    defaultto :'x.y'\n  end\n  def initialize(*args)\n    super\n  end\nend\n";
    let outcome = compile(
        file,
        "t { '/a': path => '/a', tag => 'q' }",
        Limits::default(),
    );
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(parameters(&outcome), vec![("tag".into(), "q".into())]);
}

#[test]
fn setters_and_file_constants_in_a_type_file_run() {
    // As java_ks's `path` parameter: a setter method and `File::PATH_SEPARATOR`.
    let file = "Puppet::Type.newtype(:t) do\n  def self.title_patterns\n    [[%r{^(.*):(.*)$}, [[:name], [:target]]]]\n  end\n  newparam(:name) { isnamevar }\n  newparam(:target) { isnamevar }\n  newparam(:path) do\n    desc \"a #{File::PATH_SEPARATOR} b\"\n    def value=(*values)\n      @value = values.flatten\n    end\n  end\nend\n";
    let outcome = compile(file, "t { 'a:b': }", Limits::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(
        parameters(&outcome),
        vec![("name".into(), "a".into()), ("target".into(), "b".into())]
    );
}
