//! EPP rendering: template text and `<%= %>` output collected while a template's body runs, and
//! the binding of a template's parameters (`<%- | $a, $b = 2 | -%>`).

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::calls::CallSite;
use super::evaluator::Evaluator;
use crate::host::{error, EvalResult, Unwind};
use crate::span::{LineIndex, Span};
use crate::syntax::ast::{Expr, ExprKind, Param, Program};
use crate::value::{interpolate, Hash, Value};

impl Evaluator<'_> {
    /// Append literal template text to the template being rendered.
    pub(crate) fn render_text(&mut self, text: &str, span: Span) -> EvalResult<Value> {
        self.append_output(text, span)?;
        Ok(Value::Undef)
    }

    /// `<%= expr %>`: the value in its interpolation form.
    pub(crate) fn render_expr(&mut self, expr: &Expr, span: Span) -> EvalResult<Value> {
        let value = self.eval(expr)?;
        // A collection built by sharing can print far beyond the string limit.
        crate::host::charge_walk(self, &value, crate::host::Walk::Prints, expr.span)?;
        self.append_output(&interpolate(&value), span)?;
        Ok(Value::Undef)
    }

    /// Append to the output of the template being rendered: refused before it is appended when
    /// the output would pass the string limit, and charged as any string a program builds.
    fn append_output(&mut self, text: &str, span: Span) -> EvalResult<()> {
        let Some(before) = self.output.epp_output.last().map(String::len) else {
            return Err(error(
                "EPP_OUTSIDE_TEMPLATE",
                "Template text can only be rendered by an EPP template",
                span,
            ));
        };
        self.check_string_growth(before, before.saturating_add(text.len()), span)?;
        if let Some(output) = self.output.epp_output.last_mut() {
            output.push_str(text);
        }
        Ok(())
    }

    /// Render a parsed inline EPP template in a new scope that sees the caller's variables, with
    /// its parameters bound from `arguments` (or, without a parameter list, every entry as a
    /// variable). Errors are reported at the call, those inside the template also at their place
    /// in it.
    pub(crate) fn render_template(
        &mut self,
        program: &Program,
        source: &str,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value> {
        let mark = self.scopes.push(self.scopes.current());
        self.output.epp_output.push(String::new());
        let result = self.render_template_body(program, Some(source), arguments, site);
        let output = self.output.epp_output.pop().unwrap_or_default();
        self.scopes.pop(mark);
        match result {
            Ok(()) => Ok(Value::string(&output)),
            Err(Unwind::Error(mut diagnostic)) => {
                diagnostic.span = site.span;
                Err(Unwind::Error(diagnostic))
            }
            Err(other) => Err(other),
        }
    }

    /// Render a module's EPP template file as `epp()` does: in a scope that sees only top-scope
    /// variables; errors inside it are at their place in the file.
    pub(crate) fn render_template_file(
        &mut self,
        program: &Program,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value> {
        let mark = self.scopes.push(0);
        self.output.epp_output.push(String::new());
        let result = self.render_template_body(program, None, arguments, site);
        let output = self.output.epp_output.pop().unwrap_or_default();
        self.scopes.pop(mark);
        result.map(|()| Value::string(&output))
    }

    fn render_template_body(
        &mut self,
        program: &Program,
        source: Option<&str>,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<()> {
        for expr in &program.body {
            match &expr.kind {
                ExprKind::EppTemplate(template) => {
                    let body = &template.body;
                    match &template.params {
                        Some(params) => {
                            self.bind_template_params(params, source, arguments, site)?
                        }
                        None => {
                            for (key, value) in arguments.iter() {
                                let name = crate::value::to_string_default(key);
                                self.scopes
                                    .bind_local(Rc::from(name.as_str()), value.clone());
                            }
                        }
                    }
                    self.eval_in_template(body, source)?;
                }
                _ => {
                    self.eval_in_template(expr, source)?;
                }
            }
        }
        Ok(())
    }

    /// Evaluate an expression of the inline template `source` (an error in it is placed in the
    /// template), or of a template file (`None`: its spans are in the file already).
    fn eval_in_template(&mut self, expr: &Expr, source: Option<&str>) -> EvalResult<Value> {
        let Some(source) = source else {
            return self.eval(expr);
        };
        self.eval(expr).map_err(|unwind| match unwind {
            Unwind::Error(mut diagnostic) => {
                if diagnostic.template_at.is_none() {
                    let at = LineIndex::new(source).line_col(source, diagnostic.span.start);
                    diagnostic.template_at = Some(at);
                }
                Unwind::Error(diagnostic)
            }
            other => other,
        })
    }

    /// Bind template parameters the way Puppet does (its messages call the template a lambda):
    /// an `undef` argument counts as not given (so the parameter's default applies, and one the
    /// template does not declare is dropped); the given ones are bound first, then each default in
    /// order; then the whole set is checked, unknown names first, every problem in one message.
    fn bind_template_params(
        &mut self,
        params: &[Param],
        source: Option<&str>,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<()> {
        let given = |name: &str| {
            arguments
                .get(&Value::string(name))
                .filter(|value| !matches!(value, Value::Undef))
        };
        for param in params {
            if let Some(value) = given(&param.name.name) {
                self.scopes
                    .bind_local(Rc::from(param.name.name.as_str()), value.clone());
            }
        }
        let mut bound: Vec<Option<Value>> = Vec::with_capacity(params.len());
        for param in params {
            let name = param.name.name.as_str();
            let value = match (given(name), &param.default) {
                (Some(value), _) => Some(value.clone()),
                (None, Some(default)) => match self.eval_in_template(default, source) {
                    Err(Unwind::Error(d)) if d.code == "UNKNOWN_VARIABLE" => {
                        let later = params
                            .iter()
                            .map(|p| p.name.name.as_str())
                            .find(|later| d.message == format!("Unknown variable: '{later}'."));
                        let Some(later) = later else {
                            return Err(Unwind::Error(d));
                        };
                        return Err(site.fail(format!("lambda: default expression for ${name} tries to illegally access not yet evaluated ${later}")));
                    }
                    other => Some(other?),
                },
                // Given as `undef` to a parameter without a default: bound to `undef`.
                (None, None) => arguments.get(&Value::string(name)).cloned(),
            };
            if let Some(value) = &value {
                self.scopes.bind_local(Rc::from(name), value.clone());
            }
            bound.push(value);
        }
        let mut problems: Vec<String> = Vec::new();
        for (key, value) in arguments.iter() {
            let name = crate::value::to_string_default(key);
            if !matches!(value, Value::Undef) && !params.iter().any(|p| p.name.name == name) {
                problems.push(format!("has no parameter named '{name}'"));
            }
        }
        for (at, (param, value)) in params.iter().zip(bound).enumerate() {
            let name = param.name.name.as_str();
            // Puppet checks a struct of the parameters: a name declared twice is one entry.
            if params[..at].iter().any(|earlier| earlier.name.name == name) {
                continue;
            }
            let Some(value) = value else {
                problems.push(format!("expects a value for parameter '{name}'"));
                continue;
            };
            let Some(type_expr) = &param.type_expr else {
                continue;
            };
            let ty = self.eval_type_expr(type_expr)?;
            if let Some(mismatch) = crate::host::checked_mismatch(self, &ty, &value, site.span)? {
                for problem in mismatch.split("\n ") {
                    problems.push(format!("parameter '{name}' {problem}"));
                }
            }
        }
        match problems.as_slice() {
            [] => Ok(()),
            [one] => Err(site.fail(format!("lambda: {one}"))),
            several => Err(site.fail(format!("lambda:\n {}", crate::text::join(several, "\n ")))),
        }
    }
}
