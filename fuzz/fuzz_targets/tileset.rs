//! The tileset loader: any bytes validated as the YAML file `tilesets/fuzz-input.yaml` through
//! `tessera::validate_file` (syntax, schema, meaning), the way
//! `tessera validate` does; relative paths in the input resolve to the bundled files.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tessera_fuzz::validate_yaml(data, "tilesets/fuzz-input.yaml");
});
