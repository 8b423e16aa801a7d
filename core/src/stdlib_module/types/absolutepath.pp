# A path as Windows or a Unix system writes it, from its root.
type Stdlib::Absolutepath = Variant[Stdlib::Windowspath, Stdlib::Unixpath]
