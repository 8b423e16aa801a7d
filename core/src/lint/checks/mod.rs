//! The checks, one file per group, dispatched by name in puppet-lint's order.

mod classes;
mod misc;
mod resources;
mod strings;
mod whitespace;

use alloc::vec::Vec;

use super::indexes::SyntaxError;
use super::{Ctx, Finding};

/// Run the check `ctx` names; a structure puppet-lint cannot read is a syntax error at a token.
pub(crate) fn run(ctx: &Ctx) -> Result<Vec<Finding>, SyntaxError> {
    let mut out = Vec::new();
    match ctx.check {
        "arrow_on_right_operand_line" => classes::arrow_on_right_operand_line(ctx, &mut out),
        "autoloader_layout" => classes::autoloader_layout(ctx, &mut out),
        "class_inherits_from_params_class" => classes::inherits_params(ctx, &mut out),
        "code_on_top_scope" => classes::code_on_top_scope(ctx, &mut out),
        "inherits_across_namespaces" => classes::inherits_across_namespaces(ctx, &mut out),
        "names_containing_dash" => classes::names_containing_dash(ctx, &mut out),
        "names_containing_uppercase" => classes::names_containing_uppercase(ctx, &mut out),
        "nested_classes_or_defines" => classes::nested(ctx, &mut out),
        "parameter_order" => classes::parameter_order(ctx, &mut out),
        "right_to_left_relationship" => classes::right_to_left(ctx, &mut out),
        "variable_scope" => classes::variable_scope(ctx, &mut out),
        "slash_comments" => misc::slash_comments(ctx, &mut out),
        "star_comments" => misc::star_comments(ctx, &mut out),
        "case_without_default" => misc::case_without_default(ctx, &mut out),
        "selector_inside_resource" => misc::selector_inside_resource(ctx, &mut out)?,
        "documentation" => misc::documentation(ctx, &mut out),
        "unquoted_node_name" => misc::unquoted_node_name(ctx, &mut out),
        "duplicate_params" => resources::duplicate_params(ctx, &mut out)?,
        "ensure_first_param" => resources::ensure_first_param(ctx, &mut out)?,
        "ensure_not_symlink_target" => resources::ensure_not_symlink_target(ctx, &mut out)?,
        "file_mode" => resources::file_mode(ctx, &mut out)?,
        "unquoted_file_mode" => resources::unquoted_file_mode(ctx, &mut out)?,
        "unquoted_resource_title" => resources::unquoted_resource_title(ctx, &mut out),
        "double_quoted_strings" => strings::double_quoted_strings(ctx, &mut out),
        "only_variable_string" => strings::only_variable_string(ctx, &mut out),
        "puppet_url_without_modules" => strings::puppet_url_without_modules(ctx, &mut out),
        "quoted_booleans" => strings::quoted_booleans(ctx, &mut out),
        "single_quote_string_with_variables" => strings::single_quote_with_variables(ctx, &mut out),
        "variables_not_enclosed" => strings::variables_not_enclosed(ctx, &mut out),
        "variable_contains_dash" => strings::variable_contains_dash(ctx, &mut out),
        "variable_is_lowercase" => strings::variable_is_lowercase(ctx, &mut out),
        "140chars" => whitespace::line_length(ctx, 140, &mut out),
        "80chars" => whitespace::line_length(ctx, 80, &mut out),
        "2sp_soft_tabs" => whitespace::soft_tabs(ctx, &mut out),
        "arrow_alignment" => whitespace::arrow_alignment(ctx, &mut out)?,
        "hard_tabs" => whitespace::hard_tabs(ctx, &mut out),
        "trailing_whitespace" => whitespace::trailing_whitespace(ctx, &mut out),
        _ => {}
    }
    Ok(out)
}
