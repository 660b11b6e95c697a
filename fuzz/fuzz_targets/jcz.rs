//! The JCloisterZone XML loader: any bytes validated as `tests/fixtures/jcz/fuzz-input.xml`
//! through `tessera::validate_file` against the default rule set (XML syntax and
//! shape, the `jcz::` checks, conversion, then every tile-set check, located in the XML),
//! the way `tessera validate FILE.xml` does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::diag::SourceFile;

fuzz_target!(|data: &[u8]| {
    let path = tessera_fuzz::repo().join("tests/fixtures/jcz/fuzz-input.xml");
    let file = SourceFile::from_bytes(&path, data.to_vec());
    tessera_fuzz::check_validation(tessera::validate_file(file, None));
});
