//! A parsed tree keeps its lists at their exact size: parameters, hash entries, attributes and
//! resource bodies, nested in one another, hold what they parsed and no spare room (a tree lives
//! for the whole compile; spare room was a third of its memory, issue 40).

use puppet_core::syntax::ast::{AttributeOperation, ClassDefinition, ResourceExpr};
use puppet_core::syntax::{parse, Expr, ExprKind};

const SOURCE: &str = "\
class c(Integer $a = 1, Array $b = [1].map |$x, $y| { { 'k' => $x, 'j' => $y } }, $z = 3) {
  file { 'a':
    ensure  => file,
    content => { 'k' => 1, 'j' => 2, 'l' => 3 },
    mode    => '0644',
  }
  package { 'p': ensure => present }
}
";

fn class(body: &[Expr]) -> &ClassDefinition {
    match body.first().map(|expr| &expr.kind) {
        Some(ExprKind::ClassDefinition(class)) => class,
        other => panic!("a class, not {other:?}"),
    }
}

fn statements(expr: &Expr) -> &[Expr] {
    match &expr.kind {
        ExprKind::Block(items) => items,
        other => panic!("a block, not {other:?}"),
    }
}

fn resource(expr: &Expr) -> &ResourceExpr {
    match &expr.kind {
        ExprKind::Resource(resource) => resource,
        other => panic!("a resource, not {other:?}"),
    }
}

#[test]
fn nested_lists_hold_their_items_and_no_more() {
    let (program, diagnostics) = parse(SOURCE);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let class = class(&program.body);
    let names: Vec<&str> = class.params.iter().map(|p| p.name.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "z"]);
    assert_eq!(class.params.capacity(), 3);

    // The lambda's parameters and the hash in its body, inside the class's parameter list.
    let Some(Expr {
        kind: ExprKind::Call(call),
        ..
    }) = class.params[1].default.as_ref()
    else {
        panic!("a call as $b's default");
    };
    let lambda = call.lambda.as_ref().expect("a lambda");
    assert_eq!(lambda.params.len(), 2);
    assert_eq!(lambda.params.capacity(), 2);
    let ExprKind::Hash(entries) = &statements(&lambda.body)[0].kind else {
        panic!("a hash in the lambda's body");
    };
    assert_eq!(entries.len(), 2);
    assert_eq!(entries.capacity(), 2);

    let body = statements(&class.body);
    let file = resource(&body[0]);
    assert_eq!(file.bodies.len(), 1);
    assert_eq!(file.bodies.capacity(), 1);
    let operations = &file.bodies[0].operations;
    let attributes: Vec<&str> = operations
        .iter()
        .map(|operation| match operation {
            AttributeOperation::Set { name, .. } => name.name.as_str(),
            other => panic!("a set, not {other:?}"),
        })
        .collect();
    assert_eq!(attributes, ["ensure", "content", "mode"]);
    assert_eq!(operations.capacity(), 3);
    let AttributeOperation::Set { value, .. } = &operations[1] else {
        unreachable!("checked above");
    };
    let ExprKind::Hash(content) = &value.kind else {
        panic!("a hash as the content");
    };
    assert_eq!(content.len(), 3);
    assert_eq!(content.capacity(), 3);

    let package = resource(&body[1]);
    assert_eq!(package.bodies[0].operations.len(), 1);
    assert_eq!(package.bodies[0].operations.capacity(), 1);
}
