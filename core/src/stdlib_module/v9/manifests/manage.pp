class stdlib::manage (
  Hash[String, Hash] $create_resources = {},
) {
  $create_resources.each |$type, $resources| {
    $resources.each |$title, $attributes| {
      if $type != 'file' {
        create_resources($type, { $title => $attributes })
      } else {
        [['epp', 'content'], ['erb', 'content'], ['erb', 'epp']].each |$pair| {
          if $pair[0] in $attributes and $pair[1] in $attributes {
            fail("You can not set '${pair[0]}' and '${pair[1]}' for file ${title}")
          }
        }
        $content = if 'epp' in $attributes {
          $epp = $attributes['epp']
          unless 'template' in $epp { fail("No template configured for epp for file ${title}") }
          if 'context' in $epp { epp($epp['template'], $epp['context']) } else { epp($epp['template']) }
        } elsif 'erb' in $attributes {
          unless 'template' in $attributes['erb'] { fail("No template configured for erb for file ${title}") }
          template($attributes['erb']['template'])
        } else {
          $attributes['content']
        }
        file { $title:
          *       => $attributes - ['epp', 'erb', 'content'],
          content => $content,
        }
      }
    }
  }
}
