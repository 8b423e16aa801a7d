//! The syntax tree of a template's Ruby: expressions with the line they are on.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub kind: Kind,
    pub line: u32,
}

/// A part of a string with interpolations: text, or statements whose value's `to_s` goes in.
#[derive(Debug, Clone)]
pub(crate) enum Part {
    Lit(String),
    Code(Vec<Node>),
}

/// A block's parameter: a name, or names taken apart from an array (`|(k, v), i|`).
#[derive(Debug, Clone)]
pub(crate) enum Param {
    Name(String),
    Destructure(Vec<String>),
}

#[derive(Debug, Clone)]
pub(crate) struct Block {
    pub params: Vec<Param>,
    pub body: Vec<Node>,
}

/// A method's parameter: `a`, `a = default`, `*rest`, `key:`, `key: default`, `**opts`, `&block`.
#[derive(Debug, Clone)]
pub(crate) enum MethodParam {
    Required(String),
    Optional(String, Node),
    Rest(String),
    Keyword(String, Option<Node>),
    KeywordRest(String),
    Block(String),
}

/// `def name(params) body end`, or `def self.name`: in a module's body either is a method of the
/// module (methods on instances of a program's classes are not needed here).
#[derive(Debug)]
pub(crate) struct MethodDef {
    pub name: String,
    pub params: Vec<MethodParam>,
    pub body: Vec<Node>,
}

/// `begin body rescue A, B => e ... else ... ensure ... end`.
#[derive(Debug)]
pub(crate) struct BeginBlock {
    pub body: Vec<Node>,
    pub rescues: Vec<RescueClause>,
    /// Runs when the body raised nothing; its value is the block's.
    pub otherwise: Vec<Node>,
    pub ensure: Vec<Node>,
}

/// One `rescue` clause: the classes it catches (none: StandardError), the local variable that
/// gets the exception, the body.
#[derive(Debug)]
pub(crate) struct RescueClause {
    pub classes: Vec<Node>,
    pub var: Option<String>,
    pub body: Vec<Node>,
}

#[derive(Debug, Clone)]
pub(crate) enum Kind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Big(alloc::rc::Rc<super::bigint::Big>),
    Float(f64),
    Str(Vec<Part>),
    Sym(Vec<Part>),
    Regex(Vec<Part>, String),
    Words(Vec<String>, bool),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Box<Node>, Box<Node>, bool),
    Local(String),
    IVar(String),
    GVar(String),
    /// A constant, with the scope it is looked up in (`JSON`, `Puppet::Util`).
    Const(Option<Box<Node>>, String),
    /// A method call (operators too: `a + b` calls `+` on `a`); `safe`: `&.`.
    Call {
        recv: Option<Box<Node>>,
        name: String,
        args: Vec<Node>,
        block: Option<Rc<Block>>,
        safe: bool,
    },
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Defined(Box<Node>),
    Assign(Box<Node>, Box<Node>),
    /// `a op= b` (`||=`, `&&=`, `+=`, ...): the operator without `=`.
    OpAssign(Box<Node>, &'static str, Box<Node>),
    MultiAssign(Vec<Node>, Box<Node>),
    If(Box<Node>, Vec<Node>, Vec<Node>),
    While(Box<Node>, Vec<Node>, bool),
    For(Vec<Param>, Box<Node>, Vec<Node>),
    Case(
        Option<Box<Node>>,
        Vec<(Vec<Node>, Vec<Node>)>,
        Option<Vec<Node>>,
    ),
    Seq(Vec<Node>),
    /// `x rescue y`: `y` when `x` raises.
    Rescue(Box<Node>, Box<Node>),
    Begin(Rc<BeginBlock>),
    /// Template text.
    Text(String),
    /// `<%= %>`: the value's `to_s` goes out.
    Output(Vec<Node>),
    Break(Option<Box<Node>>),
    Next(Option<Box<Node>>),
    Splat(Box<Node>),
    /// `&:name` or `&proc` as the last argument.
    BlockPass(Box<Node>),
    /// `lambda { }`, `proc { }`, `-> { }`.
    Lambda(Rc<Block>),
    /// `def ... end`: defines the method, its value the method's name as a symbol.
    Def(Rc<MethodDef>),
    /// `return` or `return value` from the running method.
    Return(Option<Box<Node>>),
    /// `module A::B ... end` or `class C < D ... end`: the body runs with the module as `self`.
    Module(String, Vec<Node>),
    /// `yield args`: calls the running method's block.
    Yield(Vec<Node>),
}

impl Node {
    pub fn new(kind: Kind, line: u32) -> Node {
        Node { kind, line }
    }
}
