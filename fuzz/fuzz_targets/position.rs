//! The position loader: any bytes validated as the YAML file `examples/fuzz-input.yaml` through
//! `tessera::validate_file` (syntax, schema, meaning, every turn replayed), the way
//! `tessera validate` does; relative paths in the input resolve to the bundled files.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tessera_fuzz::validate_yaml(data, "examples/fuzz-input.yaml");
});
