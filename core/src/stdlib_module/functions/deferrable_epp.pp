# A module's EPP template rendered now, or, when a variable is Deferred, a Deferred call of
# inline_epp on the template's text that the agent renders.
function stdlib::deferrable_epp(String $template, Hash $variables) >> Variant[String, Deferred] {
  if $variables.any |$name, $value| { $value =~ Deferred } {
    Deferred('inline_epp', [file(find_template($template)), $variables])
  } else {
    epp($template, $variables)
  }
}
