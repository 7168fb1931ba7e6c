# Writes build_info.hpp with the current git commit (-dirty when the tree has changes).
# Run at every build, not at configure time, so the id never names an older commit;
# configure_file rewrites the header only when the id changed, so nothing recompiles else.
execute_process(COMMAND git describe --always --dirty --abbrev=12
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE KONANE_BUILD_ID OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
if(NOT KONANE_BUILD_ID)
  set(KONANE_BUILD_ID "unknown")
endif()
set(PROJECT_VERSION ${VERSION})
configure_file(${INPUT} ${OUTPUT} @ONLY)
