# ctest Install.IntoAPrefix: `cmake --install BUILD --prefix PREFIX`, then the installed
# program solves a position and the installed module imports and computes, both from the
# prefix alone.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
execute_process(COMMAND ${PREFIX}/bin/konane solve xoxo/oxox/x..o/oxox
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "winner: white")
  message(FATAL_ERROR "the installed konane did not solve: ${rc} ${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/${PYDIR}/..
                        ${PYTHON} -c "import konane; print(konane.cgt('{1|-1}'))"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^\\+-1")
  message(FATAL_ERROR "the installed module did not import: ${rc} ${out}")
endif()
file(REMOVE_RECURSE ${PREFIX})
