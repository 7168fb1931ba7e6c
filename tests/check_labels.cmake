# Fails when a name in labels.cmake.in's slow list is no test of this tree: a renamed or
# removed test would otherwise drop out of the list silently and run in the sanitizer stage.
#   cmake -DBUILD=<tree> -DLIST=<labels.cmake.in> -DCTEST=<ctest> -P check_labels.cmake
file(READ "${LIST}" text)
string(REGEX MATCH "set\\(konane_slow_tests([^)]*)\\)" block "${text}")
string(REGEX MATCHALL "[^ \n\t]+" wanted "${CMAKE_MATCH_1}")
execute_process(COMMAND "${CTEST}" --test-dir "${BUILD}" -N -L slow
                OUTPUT_VARIABLE listed RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest -N failed in ${BUILD}")
endif()
set(missing "")
foreach(name IN LISTS wanted)
  string(FIND "${listed}" ": ${name}\n" at)
  if(at EQUAL -1)
    list(APPEND missing "${name}")
  endif()
endforeach()
if(missing)
  list(JOIN missing "\n  " lines)
  message(FATAL_ERROR "slow tests named in ${LIST} but not labelled slow here (renamed or "
                      "removed?):\n  ${lines}")
endif()
list(LENGTH wanted n)
message(STATUS "${n} slow tests, each found")
