# A host name: dot-separated labels of letters, digits and inner hyphens.
type Stdlib::Fqdn = Pattern[/\A(?:[0-9A-Za-z](?:[-0-9A-Za-z]*[0-9A-Za-z])?\.)*[0-9A-Za-z](?:[-0-9A-Za-z]*[0-9A-Za-z])?\z/]
