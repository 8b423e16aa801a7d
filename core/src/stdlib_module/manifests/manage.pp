# Declares the resources given as { type => { title => attributes } }, type by type.
class stdlib::manage (
  Hash[String, Hash] $create_resources = {},
) {
  $create_resources.each |$type, $resources| {
    create_resources($type, $resources)
  }
}
