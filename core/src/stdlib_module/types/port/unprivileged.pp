# A port any user may bind.
type Stdlib::Port::Unprivileged = Integer[1024, 65535]
