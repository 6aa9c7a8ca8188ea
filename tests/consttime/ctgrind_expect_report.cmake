# The negative control of a ctgrind check: runs PROGRAM ARGS (default
# --control) under valgrind memcheck and passes only when
#  - valgrind ends with its error exit code (99: memcheck reported errors),
#  - the program's output matches EXPECT (default "results correct"; an empty
#    EXPECT skips this): no crash, no wrong result, no SIGILL - those are
#    failures, not evidence - and
#  - memcheck's report has "Conditional jump or move depends on uninitialised
#    value(s)" or "Use of uninitialised value of size N" with FUNCTION (a
#    regular expression) in that error's stack frames (FRAMES "at|by", the
#    default, or "at" for the top frame only): the secret-dependent branch or
#    address the control puts there.
#   cmake -DVALGRIND=... -DPROGRAM=... -DFUNCTION=regex [-DARGS=...] [-DEXPECT=regex] [-DFRAMES=at]
#         -P ctgrind_expect_report.cmake
if(NOT DEFINED ARGS)
  set(ARGS --control)
endif()
if(NOT DEFINED EXPECT)
  set(EXPECT "results correct")
endif()
if(NOT DEFINED FRAMES)
  set(FRAMES "at|by")
endif()
execute_process(COMMAND ${VALGRIND} --tool=memcheck --error-exitcode=99 --num-callers=40 ${PROGRAM} ${ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE report)
if(NOT rc EQUAL 99)
  message(FATAL_ERROR "negative control: expected memcheck errors (exit 99), got exit '${rc}'\n${out}\n${report}")
endif()
if(NOT EXPECT STREQUAL "" AND NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "negative control: the program did not finish with correct results\n${out}\n${report}")
endif()
# Each memcheck error: the headline, then its "at"/"by" frames, one per line.
string(REGEX MATCHALL
       "(Conditional jump or move depends on uninitialised value|Use of uninitialised value of size [0-9]+)[^\n]*\n(==[0-9]+==    (at|by) [^\n]*\n)+"
       errors "${report}")
set(found "")
foreach(error IN LISTS errors)
  if(error MATCHES "(${FRAMES}) [^\n]*${FUNCTION}")
    set(found "${error}")
    break()
  endif()
endforeach()
if(found STREQUAL "")
  list(LENGTH errors count)
  message(FATAL_ERROR "negative control: no secret-dependent branch or address reported in ${FUNCTION} "
                      "(${count} uninitialised-value errors elsewhere)\n${report}")
endif()
message(STATUS "negative control caught, as it must:\n${found}")
