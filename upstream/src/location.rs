//! MLIR's locations as sharc's, for the diagnostics MLIR emits: the structure is kept (file
//! positions, names, call sites, fused locations), so that a diagnostic renders against the
//! user's source exactly as one of sharc's own passes would.

use melior::ir::Location as MlirLocation;
use sharc_ir::Location;
use std::sync::Arc;

/// `loc` as a sharc location; a location kind sharc does not model is `unknown`.
pub(crate) fn from_mlir(loc: MlirLocation<'_>) -> Location {
    if loc.is_file_line_col_range() {
        let file: Arc<str> = Arc::from(loc.file_line_col_range_filename().as_string_ref().as_str().unwrap_or("-"));
        let (line, col) = (loc.file_line_col_range_start_line(), loc.file_line_col_range_start_column());
        return Location::file_line_col(&file, to_u32(line), to_u32(col));
    }
    if loc.is_name() {
        let name = Arc::from(loc.name_value().as_string_ref().as_str().unwrap_or(""));
        let child = match from_mlir(loc.name_child_location()) {
            Location::Unknown => None,
            child => Some(Box::new(child)),
        };
        return Location::Name { name, child };
    }
    if loc.is_call_site() {
        return Location::CallSite {
            callee: Box::new(from_mlir(loc.call_site_callee())),
            caller: Box::new(from_mlir(loc.call_site_caller())),
        };
    }
    if loc.is_fused() {
        let locs = (0..loc.fused_num_locations()).map(|i| from_mlir(loc.fused_location(i))).collect();
        return Location::fused(locs, None);
    }
    Location::Unknown
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
