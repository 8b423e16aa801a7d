//! Function calls in every form: dispatch to Puppet-defined functions and built-ins, argument
//! unfolding, lambdas as closures over their defining scope, and parameter binding with type checks.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::evaluator::{Evaluator, UserFunction};
use crate::host::checked_mismatch;
pub(crate) use crate::host::{arity_message, params_arity, CallSite, Closure};
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::{Call, Param};
use crate::types::argument_mismatch;
use crate::types::Type;
use crate::value::Value;

/// What calling a lambda needs besides the lambda itself, worked out once per call of the
/// function given it: the scope it was written in (it reads variables from there), how its
/// parameters bind, and the operand whose value each call may move (see `ownership.rs`). A
/// built-in sees it only as the opaque part of a [`Closure`].
pub(crate) struct PreparedLambda {
    frame: usize,
    params: ParamList,
    movable: Option<usize>,
}

/// What binding a function's or lambda's parameters needs, worked out once (per definition, or
/// per call of the function given the lambda) instead of on every call.
pub(crate) struct ParamList {
    /// The parameters' names, shared.
    names: Vec<Rc<str>>,
    /// No name repeats, none is reserved and none captures the rest: arguments bind in order
    /// without those checks.
    simple: bool,
    /// Simple, and no parameter declares a type: a full list of arguments binds as it is.
    untyped: bool,
    /// No required parameter follows an optional one (`check_param_order` passes).
    ordered: bool,
    /// How many arguments the parameters take (`params_arity`).
    arity: (usize, Option<usize>),
    /// The declared parameter types, then the return type, once evaluated: constant type
    /// expressions only (see `type_cache.rs`), with the steps their evaluation counted inside
    /// the expression (charged again on every use).
    types: RefCell<Vec<Option<KnownType>>>,
}

/// A declared type evaluated before, and the steps its evaluation counted inside the expression.
type KnownType = (Rc<Type>, u64);

/// Puppet's error for a required parameter after an optional or captures-rest one, made when a
/// lambda is created or a function called.
pub(crate) fn check_param_order(params: &[Param]) -> EvalResult<()> {
    let mut optional = false;
    for param in params {
        if param.default.is_some() || param.captures_rest {
            optional = true;
        } else if optional {
            let name = &param.name.name;
            let message =
                format!("Parameter ${name} is required but appears after optional parameters");
            return Err(error("REQUIRED_AFTER_OPTIONAL", message, param.name.span));
        }
    }
    Ok(())
}

impl Evaluator<'_> {
    pub(crate) fn eval_call(&mut self, call: &Call) -> EvalResult<Value> {
        // Not for the arguments: only `include` is told its value is not read.
        let unused = core::mem::take(&mut self.value_unused);
        let site = CallSite {
            name: &call.name.name,
            style: call.style,
            span: call.anchor,
        };
        let mut args = self.arg_list();
        if call.name_is_type {
            let ty = match &call.functor {
                Some(functor) => self.eval(functor)?,
                None => self.eval_type_ref(&call.name.name, call.name.span, false)?,
            };
            args.push(ty);
        }
        if let Some(receiver) = &call.receiver {
            args.push(self.eval(receiver)?);
        }
        self.eval_unfolding_into(&mut args, &call.args)?;
        if let Some(lambda) = &call.lambda {
            check_param_order(&lambda.params)?;
        }
        let prepared = call.lambda.as_ref().map(|lambda| PreparedLambda {
            frame: self.scopes.current(),
            params: self.param_list(&lambda.params),
            movable: self.movable_tail(lambda),
        });
        let closure = call
            .lambda
            .as_ref()
            .zip(prepared.as_ref())
            .map(|(lambda, prepared)| Closure::new(lambda, prepared));
        // Puppet's stack holds the call while the function runs (its arguments are evaluated).
        self.scopes
            .calls
            .push(crate::host::Frame::Call(call.anchor));
        self.value_unused = unused && site.name == "include";
        let result = self.dispatch_call(call, &site, args, closure.as_ref());
        self.value_unused = false;
        self.scopes.calls.pop();
        result
    }

    /// Run the function `call` names with its evaluated arguments: a function written in Puppet,
    /// a built-in, or a module's Ruby function.
    fn dispatch_call(
        &mut self,
        call: &Call,
        site: &CallSite,
        args: Vec<Value>,
        closure: Option<&Closure<'_>>,
    ) -> EvalResult<Value> {
        if call.name_is_type {
            return crate::functions::call_builtin(self, "new", site, args, closure)
                .unwrap_or_else(|| Err(site.fail("new() is not available")));
        }
        if call.receiver.is_some() && args.len() == 1 && closure.is_none() {
            if let Some(value) = super::attributes::attribute(&args[0], site.name) {
                return Ok(value);
            }
            if let Some(result) =
                crate::hiera::context_method(&self.hiera, site.name, &args, site.span)
            {
                return result;
            }
        }
        if let Some(function) = self.known.functions.get(site.name).cloned() {
            return self.call_user_function(&function, site, args, closure);
        }
        let builtin = crate::functions::find_in_run(self, site.name, site.span)?;
        if crate::qualified::is_qualified(site.name) || builtin.is_none() {
            self.autoload_function(site.name, call.anchor)?;
            if let Some(function) = self.known.functions.get(site.name).cloned() {
                return self.call_user_function(&function, site, args, closure);
            }
        }
        if let Some(def) = builtin {
            return crate::functions::call(self, def, site, args, closure);
        }
        let has_block = closure.is_some();
        match self.call_module_ruby(site, args, has_block) {
            Some(result) => result,
            None => Err(error(
                "UNKNOWN_FUNCTION",
                format!("Unknown function: '{}'.", site.name),
                call.anchor,
            )),
        }
    }

    /// The names of `params`, shared, and what binding them needs.
    pub(crate) fn param_list(&mut self, params: &[Param]) -> ParamList {
        let names: Vec<Rc<str>> = params.iter().map(|p| self.intern(&p.name.name)).collect();
        // Names are interned: equal names are the same allocation.
        let distinct = names
            .iter()
            .enumerate()
            .all(|(i, a)| names[..i].iter().all(|b| !Rc::ptr_eq(a, b)));
        let simple = distinct
            && params.iter().all(|p| {
                !p.captures_rest && !super::builtin_vars::RESERVED.contains(&p.name.name.as_str())
            });
        ParamList {
            names,
            ordered: check_param_order(params).is_ok(),
            arity: params_arity(params),
            simple,
            untyped: simple && params.iter().all(|p| p.type_expr.is_none()),
            types: RefCell::new(alloc::vec![None; params.len() + 1]),
        }
    }

    /// Call a function written in Puppet: it sees its parameters and the top scope only.
    pub(crate) fn call_user_function(
        &mut self,
        function: &UserFunction,
        site: &CallSite,
        args: Vec<Value>,
        closure: Option<&Closure<'_>>,
    ) -> EvalResult<Value> {
        let definition = &function.definition;
        let name = &definition.name.name;
        if closure.is_some() {
            return Err(site.fail(format!("'{name}' does not expect a block")));
        }
        if !function.params.ordered {
            check_param_order(&definition.params)?;
        }
        let arity = function.params.arity;
        if args.len() < arity.0 || arity.1.is_some_and(|max| args.len() > max) {
            return Err(site.fail(arity_message(&format!("'{name}'"), arity, args.len())));
        }
        self.enter_call(name, site.span)?;
        let mark = self.scopes.push(0);
        let saved_match = self.scopes.current_match.take();
        let result = self.run_function_body(function, site, args);
        self.scopes.current_match = saved_match;
        self.scopes.pop(mark);
        self.budget.call_depth -= 1;
        result
    }

    fn run_function_body(
        &mut self,
        function: &UserFunction,
        site: &CallSite,
        args: Vec<Value>,
    ) -> EvalResult<Value> {
        let definition = &function.definition;
        let name = &definition.name.name;
        self.bind_params(&definition.params, &function.params, args, site, Some(name))?;
        let value = match self.eval(&definition.body) {
            Ok(value) => value,
            Err(Unwind::Return(value, _)) | Err(Unwind::Next(value, _)) => value,
            Err(other) => return Err(other),
        };
        if let Some(return_type) = &definition.return_type {
            self.check_return(return_type, &function.params, &value, site, name)?;
        }
        Ok(value)
    }

    /// Call a lambda with `args`; `next(v)` ends it with `v`, `break` and `return` go on outward.
    pub(crate) fn call_lambda(
        &mut self,
        closure: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
    ) -> EvalResult<Value> {
        self.call_lambda_keeping(closure, args, site, None)
    }

    /// `call_lambda`, and on `break` the value of the first parameter as it was bound (so that
    /// `reduce` can hand its memo to the lambda instead of keeping a copy for that case).
    pub(crate) fn call_lambda_keeping(
        &mut self,
        closure: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
        keep_first: Option<&mut Value>,
    ) -> EvalResult<Value> {
        let lambda = closure.lambda();
        let Some(prepared) = closure.prepared().downcast_ref::<PreparedLambda>() else {
            return Err(site.fail("the lambda was not made by this evaluation"));
        };
        let arity = closure.arity();
        if args.len() < arity.0 || arity.1.is_some_and(|max| args.len() > max) {
            return Err(site.fail(arity_message(
                &format!("'{}' block", site.name),
                arity,
                args.len(),
            )));
        }
        self.enter_call("lambda", site.span)?;
        let mark = self.scopes.push(prepared.frame);
        let saved_match = self.scopes.current_match.clone();
        let saved_move = core::mem::replace(&mut self.scratch.move_candidate, prepared.movable);
        let result = (|| {
            self.bind_params(&lambda.params, &prepared.params, args, site, None)?;
            let value = match self.eval_body(&lambda.body) {
                Ok(value) => value,
                Err(Unwind::Next(value, _)) => value,
                Err(other) => return Err(other),
            };
            if let Some(return_type) = &lambda.return_type {
                self.check_return(return_type, &prepared.params, &value, site, "lambda")?;
            }
            Ok(value)
        })();
        self.scratch.move_candidate = saved_move;
        if let (Err(Unwind::Break(_)), Some(first)) = (&result, keep_first) {
            *first = self.scopes.take_first_local();
        }
        self.scopes.current_match = saved_match;
        self.scopes.pop(mark);
        self.budget.call_depth -= 1;
        result
    }

    #[inline]
    fn enter_call(&mut self, name: &str, span: Span) -> EvalResult<()> {
        self.budget.call_depth += 1;
        if self.budget.call_depth > self.options.limits.max_call_depth {
            self.budget.call_depth -= 1;
            return Err(self.call_depth_exceeded(name, span));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn call_depth_exceeded(&self, name: &str, span: Span) -> Unwind {
        let max = self.options.limits.max_call_depth;
        error(
            "CALL_DEPTH_LIMIT",
            format!("call depth exceeded {max} in function '{name}'"),
            span,
        )
    }

    /// Bind arguments to parameters in the current (new) scope: defaults, captures-rest and types.
    /// `function` names the function whose parameters these are (`None`: a lambda's).
    #[inline]
    fn bind_params(
        &mut self,
        params: &[Param],
        list: &ParamList,
        mut args: Vec<Value>,
        site: &CallSite,
        function: Option<&str>,
    ) -> EvalResult<()> {
        // A full list of arguments for untyped parameters binds as it is, here (in a scope that
        // stays small); the rest below.
        if list.untyped
            && args.len() == params.len()
            && self.scopes.bind_all_new(&list.names, &mut args)
        {
            self.recycle_args(args);
            return Ok(());
        }
        self.bind_params_checked(params, list, args, site, function)
    }

    /// [`Self::bind_params`] with defaults, captures-rest, reserved names and types.
    #[inline(never)]
    fn bind_params_checked(
        &mut self,
        params: &[Param],
        list: &ParamList,
        mut args: Vec<Value>,
        site: &CallSite,
        function: Option<&str>,
    ) -> EvalResult<()> {
        let what = || match function {
            Some(name) => format!("'{name}' parameter"),
            None => String::from("block parameter"),
        };
        let mut given = args.drain(..);
        for (slot, (param, shared)) in params.iter().zip(&list.names).enumerate() {
            let name = param.name.name.as_str();
            if !list.simple && super::builtin_vars::RESERVED.contains(&name) {
                return Err(site.fail(format!(
                    "Attempt to assign to a reserved variable name: '{name}'"
                )));
            }
            let declared = match &param.type_expr {
                Some(type_expr) => Some(self.declared_type(type_expr, list, slot)?),
                None => None,
            };
            let value = if param.captures_rest {
                let mut rest: Vec<Value> = given.by_ref().collect();
                if rest.is_empty() {
                    if let Some(default) = &param.default {
                        rest = super::operators::unfold(self.eval(default)?);
                    }
                }
                if let Some(ty) = &declared {
                    for item in &rest {
                        if let Some(mismatch) = checked_mismatch(self, ty, item, site.span)? {
                            return Err(site.fail(format!(
                                "{} '{name}' {}",
                                what(),
                                argument_mismatch(mismatch)
                            )));
                        }
                    }
                }
                Value::array(rest)
            } else {
                let value = match given.next() {
                    Some(value) => value,
                    None => match &param.default {
                        Some(default) => self.eval(default)?,
                        None => Value::Undef,
                    },
                };
                if let Some(ty) = &declared {
                    if let Some(mismatch) = checked_mismatch(self, ty, &value, site.span)? {
                        return Err(site.fail(format!(
                            "{} '{name}' {}",
                            what(),
                            argument_mismatch(mismatch)
                        )));
                    }
                }
                value
            };
            // A repeated parameter name takes the later argument, as in Puppet.
            if list.simple {
                self.scopes.bind_new(shared.clone(), value);
            } else {
                self.scopes.bind_local(shared.clone(), value);
            }
        }
        drop(given);
        self.recycle_args(args);
        Ok(())
    }

    /// The type a parameter (`slot` < the number of parameters) or the return type (`slot` = that
    /// number) declares: evaluated as any expression, or, for a constant type evaluated before,
    /// the same type with the same steps and depth check, within the budget.
    fn declared_type(
        &mut self,
        expr: &crate::syntax::ast::Expr,
        list: &ParamList,
        slot: usize,
    ) -> EvalResult<Rc<Type>> {
        let known = list
            .types
            .borrow()
            .get(slot)
            .and_then(|known| known.clone());
        if let Some((ty, inner)) = known {
            // What the lines below count, at once when no check would be due.
            let (steps, limits) = (self.budget.steps, &self.options.limits);
            let after = steps + 1 + inner;
            if after <= limits.max_steps
                && (steps + 1) & 1023 != 0
                && after & 1023 >= inner
                && self.budget.depth < limits.max_depth
            {
                self.budget.steps = after;
                return Ok(ty);
            }
            // Past the budget the evaluation below stops where it always did.
            if self.budget.steps + 1 + inner <= self.options.limits.max_steps {
                self.enter(expr.span)?;
                let charged = self.step(inner, expr.span);
                self.budget.depth -= 1;
                charged?;
                return Ok(ty);
            }
        }
        let before = self.budget.steps;
        let ty = self.eval_type_shared(expr)?;
        if super::type_cache::constant_type(expr) {
            if let Some(known) = list.types.borrow_mut().get_mut(slot) {
                let inner = (self.budget.steps - before).saturating_sub(1);
                *known = Some((ty.clone(), inner));
            }
        }
        Ok(ty)
    }

    fn check_return(
        &mut self,
        return_type: &crate::syntax::ast::Expr,
        list: &ParamList,
        value: &Value,
        site: &CallSite,
        name: &str,
    ) -> EvalResult<()> {
        let ty = self.declared_type(return_type, list, list.names.len())?;
        if let Some(mismatch) = checked_mismatch(self, &ty, value, site.span)? {
            return Err(site.fail(format!(
                "value returned from {name} has wrong type, {mismatch}"
            )));
        }
        Ok(())
    }

    /// Evaluate an expression that must give a type (parameter and return types).
    pub(crate) fn eval_type_expr(&mut self, expr: &crate::syntax::ast::Expr) -> EvalResult<Type> {
        self.eval_type_shared(expr).map(|ty| (*ty).clone())
    }

    /// A type alias's body: there even a bare unknown name is a reference resolved late.
    pub(crate) fn eval_alias_body(&mut self, expr: &crate::syntax::ast::Expr) -> EvalResult<Type> {
        let saved = core::mem::replace(&mut self.known.type_text, true);
        let ty = self.eval_type_with(expr, true);
        self.known.type_text = saved;
        ty.map(|ty| (*ty).clone())
    }

    /// [`Self::eval_type_expr`] without copying the type out of its value. A name must name a
    /// type (Puppet's "Resource type not found"), inside `[...]` too but for `Class[Name]`.
    pub(crate) fn eval_type_shared(
        &mut self,
        expr: &crate::syntax::ast::Expr,
    ) -> EvalResult<Rc<Type>> {
        let bare = matches!(expr.kind, crate::syntax::ast::ExprKind::TypeRef(_));
        self.eval_type_with(expr, !bare)
    }

    fn eval_type_with(
        &mut self,
        expr: &crate::syntax::ast::Expr,
        lenient: bool,
    ) -> EvalResult<Rc<Type>> {
        let saved = core::mem::replace(&mut self.known.lenient_type_refs, lenient);
        let value = self.eval(expr);
        self.known.lenient_type_refs = saved;
        match value? {
            Value::Type(ty) => Ok(ty),
            other => Err(error(
                "NOT_A_TYPE",
                format!(
                    "A type was expected, got {}",
                    crate::types::a_an(&crate::value::value_label(&other))
                ),
                expr.span,
            )),
        }
    }
}
