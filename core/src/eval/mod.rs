//! The evaluator: runs a parsed program and produces its value, log and diagnostics.

mod arithmetic;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;
use crate::syntax::{self, Expr, ExprKind, UnaryOp};
use crate::value::Value;

/// Puppet's `strict` setting: what happens on questionable code such as string-to-number coercion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    /// Puppet 8's default: an error.
    #[default]
    Error,
    /// A warning, and evaluation goes on.
    Warning,
    /// Silently allowed.
    Off,
}

/// What a caller may tune about an evaluation.
#[derive(Debug, Clone)]
pub struct EvalOptions {
    /// Deepest nesting of expression evaluation before a diagnostic stops it.
    pub max_depth: usize,
    pub strict: Strictness,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            max_depth: 512,
            strict: Strictness::Error,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl LogLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Err => "err",
            LogLevel::Alert => "alert",
            LogLevel::Emerg => "emerg",
            LogLevel::Crit => "crit",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub level: LogLevel,
    pub message: String,
    pub span: Span,
}

/// The result of evaluating a program: its last value (absent when it failed), log and diagnostics.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub value: Option<Value>,
    /// The value of each top-level statement that finished, with its span (the playground's inline results).
    pub statements: Vec<(Span, Value)>,
    pub logs: Vec<LogEntry>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Outcome {
    /// The first error, if the program failed.
    pub fn error(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error())
    }
}

/// Parse and evaluate `source`.
pub fn evaluate(source: &str, options: &EvalOptions) -> Outcome {
    let (program, mut diagnostics) = syntax::parse(source);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Outcome {
            value: None,
            statements: Vec::new(),
            logs: Vec::new(),
            diagnostics,
        };
    }
    let mut evaluator = Evaluator {
        options,
        depth: 0,
        logs: Vec::new(),
    };
    let mut value = Value::Undef;
    let mut statements = Vec::new();
    let mut failed = false;
    for expr in &program.body {
        match evaluator.eval(expr) {
            Ok(v) => {
                statements.push((expr.span, v.clone()));
                value = v;
            }
            Err(diagnostic) => {
                diagnostics.push(*diagnostic);
                failed = true;
                break;
            }
        }
    }
    Outcome {
        value: (!failed).then_some(value),
        statements,
        logs: evaluator.logs,
        diagnostics,
    }
}

pub(crate) type EvalResult<T> = Result<T, Box<Diagnostic>>;

pub(crate) fn eval_error(
    code: &'static str,
    message: impl Into<String>,
    span: Span,
) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Stage::Evaluation, code, message, span))
}

struct Evaluator<'o> {
    options: &'o EvalOptions,
    depth: usize,
    logs: Vec<LogEntry>,
}

impl Evaluator<'_> {
    fn eval(&mut self, expr: &Expr) -> EvalResult<Value> {
        self.depth += 1;
        if self.depth > self.options.max_depth {
            return Err(eval_error(
                "NESTING_TOO_DEEP",
                alloc::format!(
                    "evaluation nested deeper than {} levels",
                    self.options.max_depth
                ),
                expr.span,
            ));
        }
        let result = self.eval_inner(expr);
        self.depth -= 1;
        result
    }

    fn eval_inner(&mut self, expr: &Expr) -> EvalResult<Value> {
        match &expr.kind {
            ExprKind::Integer(n) => Ok(Value::Integer(*n)),
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand,
            } => {
                let value = self.eval(operand)?;
                arithmetic::negate(value, expr.span)
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => {
                let left = self.eval(left)?;
                let right = self.eval(right)?;
                arithmetic::binary(*op, left, right, *op_span)
            }
            _ => Err(eval_error(
                "NOT_SUPPORTED",
                "This expression is not supported by the playground yet",
                expr.span,
            )),
        }
    }
}
