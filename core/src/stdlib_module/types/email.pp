# An e-mail address as HTML forms accept one: a local part, "@", and dot-separated host labels of at most 63 characters.
type Stdlib::Email = Pattern[/\A[-!#$%&'*+.\/0-9=?A-Z^_`a-z{|}~]+@[0-9A-Za-z](?:[-0-9A-Za-z]{0,61}[0-9A-Za-z])?(?:\.[0-9A-Za-z](?:[-0-9A-Za-z]{0,61}[0-9A-Za-z])?)*\z/]
