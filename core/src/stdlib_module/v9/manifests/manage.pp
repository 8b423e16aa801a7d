# stdlib 9.7.0's stdlib::manage, written for the engine: declares the resources given as
# { type => { title => attributes } }; a file's `epp` or `erb` (a template, and an epp's context)
# gives its content. Its failures stand at the lines and columns of stdlib 9.7.0's own file, where
# Puppet reports them: keep the blank lines below.






























































class stdlib::manage (
  Hash[String, Hash] $create_resources = {},
) {
  $create_resources.each |$type, $resources| {
    $resources.each |$title, $attributes| {
      if $type != 'file' {
        create_resources($type, { $title => $attributes })
      } else {

          if 'epp' in $attributes and 'content' in $attributes {
            fail("You can not set 'epp' and 'content' for file ${title}")
          }
          if 'erb' in $attributes and 'content' in $attributes {
            fail("You can not set 'erb' and 'content' for file ${title}")
          }
          if 'erb' in $attributes and 'epp' in $attributes {
            fail("You can not set 'erb' and 'epp' for file ${title}")
          }

          $content = if 'epp' in $attributes {
            $epp = $attributes['epp']

            if 'template' in $epp {
              if 'context' in $epp { epp($epp['template'], $epp['context']) }
              else { epp($epp['template']) }

            } else {
              fail("No template configured for epp for file ${title}")
            }
          } elsif 'erb' in $attributes {
            if 'template' in $attributes['erb'] {
              template($attributes['erb']['template'])
            } else {
              fail("No template configured for erb for file ${title}")
            }
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
