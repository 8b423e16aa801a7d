//! Unit tests of the type system built directly from types and values (the golden-driven
//! tables are in core/tests/type_goldens.rs); expected strings are Puppet 7.23's answers.

use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::value::{Hash, Value};

fn int(from: i64, to: i64) -> Type {
    Type::integer(Some(from), Some(to))
}

fn name(text: &str) -> Type {
    match Type::from_name(text) {
        Some(ty) => ty,
        None => panic!("{text}"),
    }
}

fn access(base: &str, args: Vec<Value>) -> Type {
    match parameterize(&name(base), &args) {
        Ok(ty) => ty,
        Err(error) => panic!("{base}: {}", error.full_message()),
    }
}

fn ty(value: Type) -> Value {
    Value::from_type(value)
}

fn array(items: Vec<Value>) -> Value {
    Value::array(items)
}

/// `type Tree = Array[Variant[Integer, Tree]]`, defined the way the evaluator will.
fn tree_alias(registry: &mut AliasRegistry) -> Type {
    let alias = match registry.declare("IntegerTree") {
        Ok(alias) => alias,
        Err(error) => panic!("{}", error.message),
    };
    let body = Type::array(Type::variant(vec![
        name("Integer"),
        Type::Alias(alias.clone()),
    ]));
    registry.define(&alias, body);
    Type::Alias(alias)
}

#[test]
fn recursive_alias_matches_without_looping() {
    let mut registry = AliasRegistry::new();
    let tree = tree_alias(&mut registry);
    assert!(registry
        .check(match &tree {
            Type::Alias(alias) => alias,
            _ => unreachable!(),
        })
        .is_ok());
    let nested = array(vec![
        Value::Integer(1),
        array(vec![Value::Integer(2), array(vec![Value::Integer(3)])]),
    ]);
    assert!(instance_of(&tree, &nested));
    let bad = array(vec![Value::Integer(1), array(vec![Value::string("x")])]);
    assert!(!instance_of(&tree, &bad));
    assert_eq!(
        tree.to_string(),
        "IntegerTree = Array[Variant[Integer, IntegerTree]]"
    );
    assert_eq!(Type::array(tree.clone()).to_string(), "Array[IntegerTree]");
    assert!(is_assignable(&tree, &tree));
    assert!(is_assignable(&tree, &infer(&nested)));
    assert!(!is_assignable(&tree, &infer(&bad)));
}

#[test]
fn self_referencing_aliases_are_reported() {
    let mut registry = AliasRegistry::new();
    let (a, b) = match (registry.declare("A"), registry.declare("B")) {
        (Ok(a), Ok(b)) => (a, b),
        _ => panic!("declare"),
    };
    registry.define(&a, Type::Alias(b.clone()));
    registry.define(&b, Type::Alias(a.clone()));
    assert_eq!(
        registry.check(&a).map_err(|e| e.message),
        Err("Type alias 'A' cannot be resolved to a real type".to_string())
    );
    // Matching against it terminates (false), printing too.
    assert!(!instance_of(&Type::Alias(a.clone()), &Value::Integer(1)));
    assert_eq!(Type::Alias(a.clone()).to_string(), "A = B = A");
    // `type A = Variant[A, Integer]` is real and matches integers.
    let mut registry = AliasRegistry::new();
    let v = match registry.declare("V") {
        Ok(v) => v,
        Err(_) => panic!("declare"),
    };
    registry.define(
        &v,
        Type::variant(vec![Type::Alias(v.clone()), name("Integer")]),
    );
    assert!(registry.check(&v).is_ok());
    assert!(instance_of(&Type::Alias(v.clone()), &Value::Integer(1)));
    assert!(!instance_of(&Type::Alias(v.clone()), &Value::string("x")));
    assert!(!is_assignable(&Type::Alias(v.clone()), &name("String")));
    assert!(is_assignable(&Type::Alias(v), &name("Integer")));
}

#[test]
fn registry_errors_and_lookup() {
    let mut registry = AliasRegistry::new();
    assert!(registry.declare("MyType").is_ok());
    assert!(registry.lookup("MYTYPE").is_some());
    assert_eq!(
        registry.declare("Integer").map(|_| ()).map_err(|e| e.message),
        Err("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/integer'. Originally set by Puppet-Type-System/Static-Loader.".to_string())
    );
    assert_eq!(
        registry.declare("File").map(|_| ()).map_err(|e| e.message),
        Err("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/file'. Set at unknown location".to_string())
    );
    assert!(registry.declare("mytype").is_err());
}

#[test]
fn deep_data_is_guarded() {
    let mut value = Value::Integer(1);
    for _ in 0..2000 {
        value = array(vec![value]);
    }
    // Deeper than the limit: answered, not a stack overflow.
    assert!(!instance_of(&name("Data"), &value));
    let _ = infer(&value);
}

#[test]
fn iteration_over_types() {
    let values = iterate_type(&int(1, 3), 1000).map_err(|e| e.message);
    assert_eq!(
        values,
        Ok(vec![
            Value::Integer(1),
            Value::Integer(2),
            Value::Integer(3)
        ])
    );
    let enumeration = access("Enum", vec![Value::string("b"), Value::string("a")]);
    assert_eq!(
        iterate_type(&enumeration, 10).map_err(|e| e.message),
        Ok(vec![Value::string("a"), Value::string("b")])
    );
    assert!(iterate_type(&name("Integer"), 10).is_err());
    assert!(iterate_type(&Type::integer(Some(0), Some(1_000_000)), 100).is_err());
    assert!(iterate_type(&name("String"), 10).is_err());
}

#[test]
fn printing_of_types_built_directly() {
    let cases: Vec<(Type, &str)> = vec![
        (Type::Unit, "Unit"),
        (int(1, 10), "Integer[1, 10]"),
        (Type::integer(None, Some(5)), "Integer[default, 5]"),
        (Type::float(Some(0.1), Some(1e20)), "Float[0.1, 1.0e+20]"),
        (Type::array(Type::Any), "Array"),
        (
            Type::array_sized(name("String"), IntRange::new(Some(1), None)),
            "Array[String, 1]",
        ),
        (
            Type::hash_of(name("String"), name("Integer")),
            "Hash[String, Integer]",
        ),
        (Type::optional(Type::string_value("a")), "Optional['a']"),
        (
            Type::type_of(Type::resource("file", Some("x"))),
            "Type[File['x']]",
        ),
        (
            Type::resource("foo::bar", Some("it's")),
            "Foo::Bar['it\\'s']",
        ),
        (Type::Class(Some(Rc::from("foo::bar"))), "Class[foo::bar]"),
        (
            Type::TypeReference(Rc::from("Nope")),
            "TypeReference['Nope']",
        ),
        (
            Type::Iterator(Some(Rc::new(name("Integer")))),
            "Iterator[Integer]",
        ),
        (
            Type::Runtime(Some(Rc::from("ruby")), Some(Rc::from("Integer"))),
            "Runtime[ruby, 'Integer']",
        ),
    ];
    for (ty, expected) in cases {
        assert_eq!(ty.to_string(), expected);
    }
}

#[test]
fn inference_and_generalisation() {
    let hash: Hash = [
        (Value::string("a"), Value::Integer(1)),
        (Value::string("b"), Value::string("x")),
    ]
    .into_iter()
    .collect();
    let value = Value::Hash(hash);
    assert_eq!(
        infer(&value).to_string(),
        "Struct[{'a' => Integer[1, 1], 'b' => String}]"
    );
    assert_eq!(
        infer(&value).generalize().to_string(),
        "Struct[{'a' => Integer, 'b' => String}]"
    );
    assert_eq!(
        infer_reduced(&value).to_string(),
        "Hash[Enum['a', 'b'], ScalarData, 2, 2]"
    );
    assert_eq!(
        infer_generalized(&value).to_string(),
        "Hash[String[1, 1], ScalarData]"
    );
    assert_eq!(infer(&array(vec![])).to_string(), "Array[0, 0]");
    assert_eq!(infer_generalized(&array(vec![])).to_string(), "Array[Unit]");
    assert_eq!(infer(&ty(int(1, 2))).to_string(), "Type[Integer[1, 2]]");
}

#[test]
fn common_types() {
    let cases: Vec<(Type, Type, &str)> = vec![
        (int(1, 1), int(3, 3), "Integer[1, 3]"),
        (name("Integer"), name("Float"), "Numeric"),
        (name("Integer"), name("String"), "ScalarData"),
        (name("Integer"), name("Regexp"), "Scalar"),
        (name("Integer"), Type::array(name("Integer")), "Data"),
        (name("Default"), name("Integer"), "RichData"),
        (
            Type::string_value("a"),
            Type::string_value("b"),
            "Enum['a', 'b']",
        ),
        (
            Type::type_of(name("Integer")),
            Type::type_of(name("Float")),
            "Type[Numeric]",
        ),
        (Type::Undef, name("Integer"), "Integer"),
    ];
    for (left, right, expected) in cases {
        assert_eq!(
            common_type(&left, &right).to_string(),
            expected,
            "{left} and {right}"
        );
    }
}

#[test]
fn mismatch_descriptions() {
    let describe = |ty: &Type, value: Value| describe_mismatch(ty, &value).unwrap_or_default();
    assert_eq!(
        describe(&name("Integer"), Value::string("a")),
        "expects an Integer value, got String"
    );
    assert_eq!(
        describe(
            &Type::variant(vec![name("Integer"), name("String")]),
            Value::Boolean(true)
        ),
        "expects a value of type Integer or String, got Boolean"
    );
    assert_eq!(
        describe(
            &Type::array(name("Integer")),
            array(vec![Value::Integer(1), Value::string("a")])
        ),
        "index 1 expects an Integer value, got String"
    );
    let tuple = access("Tuple", vec![ty(name("Integer")), ty(name("String"))]);
    assert_eq!(
        describe(&tuple, array(vec![Value::Integer(1)])),
        "expects size to be 2, got 1"
    );
    assert_eq!(
        describe_mismatch(&name("Integer"), &Value::Integer(1)),
        None
    );
    let uri = Type::Uri(None);
    assert_eq!(
        describe(&uri, Value::string("http://a")),
        "expects an URI value, got String"
    );
}

#[test]
fn access_errors_point_at_arguments() {
    let error = parameterize(&name("Integer"), &[Value::Integer(1), Value::string("b")]);
    let error = match error {
        Err(error) => error,
        Ok(ty) => panic!("{ty}"),
    };
    assert_eq!(error.argument, Some(1));
    assert_eq!(
        error.puppet_message(),
        "Evaluation Error: Integer-Type [] requires all arguments to be integers (or default). Got String"
    );
    let range = parameterize(&name("Integer"), &[Value::Integer(2), Value::Integer(1)]);
    assert_eq!(
        range.map_err(|e| e.puppet_message()),
        Err("Evaluation Error: Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (2, 1".to_string())
    );
    let many = parameterize_many(&name("File"), &[Value::string("a"), Value::string("b")]);
    assert_eq!(
        many.map(|p| match p {
            Parameterized::Many(types) =>
                types.iter().map(|t| t.to_string()).collect::<Vec<String>>(),
            _ => Vec::new(),
        })
        .map_err(|e| e.message),
        Ok(vec!["File['a']".to_string(), "File['b']".to_string()])
    );
}

#[test]
fn type_equality_is_mutual_assignability() {
    assert!(type_equals(
        &Type::optional(name("Integer")),
        &Type::variant(vec![name("Integer"), Type::Undef])
    ));
    assert!(type_equals(&name("Integer"), &Type::integer(None, None)));
    assert!(!type_equals(&int(1, 1), &Type::integer(Some(1), None)));
    assert!(type_equals(
        &name("Array"),
        &Type::array_sized(Type::Any, IntRange::new(Some(0), None))
    ));
}

/// Every base type with every small argument list: errors are data, and whatever type comes
/// out prints, infers, generalises, normalises, matches and describes without panicking.
#[test]
fn no_panics_across_bases_and_arguments() {
    let bases = [
        "Any",
        "Undef",
        "Default",
        "Data",
        "RichData",
        "Scalar",
        "ScalarData",
        "Numeric",
        "Integer",
        "Float",
        "String",
        "Enum",
        "Pattern",
        "Boolean",
        "Regexp",
        "SemVer",
        "SemVerRange",
        "Timespan",
        "Timestamp",
        "Collection",
        "Array",
        "Hash",
        "Tuple",
        "Struct",
        "Variant",
        "Optional",
        "NotUndef",
        "Iterable",
        "Iterator",
        "CatalogEntry",
        "Resource",
        "Class",
        "Type",
        "Callable",
        "Sensitive",
        "Runtime",
        "Binary",
        "URI",
        "Deferred",
        "Init",
        "Object",
        "TypeSet",
        "Error",
        "File",
    ];
    let hash: Hash = [(Value::string("a"), ty(name("Integer")))]
        .into_iter()
        .collect();
    let samples = vec![
        Value::Undef,
        Value::Default,
        Value::Boolean(true),
        Value::Integer(-3),
        Value::Integer(2),
        Value::Integer(i64::MAX),
        Value::Float(1.5),
        Value::string(""),
        Value::string("a"),
        Value::string("("),
        Value::string(">=1.0.0"),
        Value::string("http://a/b"),
        array(vec![ty(name("Integer"))]),
        Value::Hash(hash),
        ty(name("Integer")),
        ty(int(1, 2)),
        ty(Type::Callable(Rc::new(CallableType::default()))),
    ];
    let probes = [
        name("Any"),
        name("Data"),
        name("Integer"),
        Type::array(name("String")),
        Type::Undef,
    ];
    let mut count = 0;
    for base in bases {
        let base = name(base);
        let mut lists: Vec<Vec<Value>> = vec![vec![]];
        for a in &samples {
            lists.push(vec![a.clone()]);
            for b in samples.iter().step_by(3) {
                lists.push(vec![a.clone(), b.clone()]);
                lists.push(vec![b.clone(), a.clone(), Value::Integer(1)]);
            }
        }
        for args in lists {
            let Ok(result) = parameterize_many(&base, &args) else {
                continue;
            };
            let types = match result {
                Parameterized::One(ty) => vec![ty],
                Parameterized::Many(types) => types,
                Parameterized::Empty { .. } => vec![],
            };
            for made in types {
                count += 1;
                let _ = made.to_string();
                let _ = made.to_alias_expanded_string();
                let _ = made.generalize().normalize();
                let _ = infer(&ty(made.clone()));
                for probe in &probes {
                    let _ = is_assignable(&made, probe);
                    let _ = is_assignable(probe, &made);
                    let _ = common_type(&made, probe);
                }
                for sample in &samples {
                    let _ = instance_of(&made, sample);
                    let _ = describe_mismatch(&made, sample);
                }
            }
        }
    }
    assert!(count > 500, "only {count} types were made");
}

/// `instance_of_small` answers as the walk does wherever it answers (and leaves the rest to it).
#[test]
fn small_array_checks_answer_as_the_walk() {
    let string = name("String");
    let types = vec![
        access("Tuple", vec![ty(int(1, 5)), ty(string.clone())]),
        access(
            "Tuple",
            vec![
                ty(int(1, 5)),
                ty(string.clone()),
                Value::Integer(1),
                Value::Integer(3),
            ],
        ),
        access("Tuple", vec![ty(int(1, 5))]),
        name("Tuple"),
        access("Tuple", vec![ty(name("Enum")), ty(string.clone())]),
        access("Array", vec![ty(int(1, 5))]),
        access(
            "Array",
            vec![ty(name("Numeric")), Value::Integer(2), Value::Integer(3)],
        ),
        access(
            "Array",
            vec![ty(access("Pattern", vec![Value::string("a")]))],
        ),
    ];
    let s = Value::string;
    let values = vec![
        Value::array(vec![]),
        Value::array(vec![Value::Integer(3)]),
        Value::array(vec![Value::Integer(3), s("x")]),
        Value::array(vec![Value::Integer(9), s("x")]),
        Value::array(vec![Value::Integer(3), Value::Integer(4)]),
        Value::array(vec![Value::Integer(3), s("x"), s("y")]),
        Value::array(vec![
            Value::Integer(1),
            Value::Integer(2),
            Value::Integer(3),
        ]),
        Value::array((1..=7).map(Value::Integer).collect()),
        Value::Integer(3),
    ];
    let mut answered = 0;
    for t in &types {
        for v in &values {
            if let Some(small) = instance_of_small(t, v) {
                answered += 1;
                assert_eq!(small, instance_of(t, v), "{t:?} {v:?}");
            }
        }
    }
    assert!(answered > 30, "{answered}");
}
