# `mpirun -n 2 steer sweep` against the same sweep in one process (issue #8), run with cmake -P:
#   -DSTEER=<steer> -DMPIEXEC=<mpirun> -DSCENARIO=<small .yaml> -DWORK=<scratch folder>
# Rank 0 must write the same comparison.csv as one process (timing columns aside), holding every
# rank's rows, and say that it ran on 2 ranks (two independent processes would each write the
# whole batch and pass the comparison). Bad input must stop both ranks with status 2 and no
# output, not hang, and be reported once, not by every rank.
cmake_policy(SET CMP0007 NEW)  # keep the empty cells of a CSV row
file(REMOVE_RECURSE "${WORK}")
set(sweep sweep "${SCENARIO}" --param groups.crowd.personality.courage.mean=0:1:3 --seeds 2 --no-charts)

execute_process(COMMAND "${MPIEXEC}" -n 2 --oversubscribe "${STEER}" ${sweep} --out "${WORK}/mpi"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mpirun -n 2 steer sweep: status ${rc}\n${out}\n${err}")
endif()
string(REGEX MATCHALL "6 runs on 2 MPI ranks" summaries "${out}")
list(LENGTH summaries count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected rank 0 alone to report 6 runs on 2 MPI ranks, got:\n${out}")
endif()

execute_process(COMMAND "${STEER}" ${sweep} --quiet --out "${WORK}/one" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "steer sweep (one process): status ${rc}\n${err}")
endif()

# comparison.csv without the columns that time the run.
function(untimed_rows file result)
  file(STRINGS "${file}" lines)
  list(GET lines 0 header)
  string(REPLACE "," ";" names "${header}")
  set(drop "")
  foreach(timing agent_steps_per_second wall_seconds simulation_seconds setup_seconds)
    list(FIND names ${timing} at)
    if(at LESS 0)
      message(FATAL_ERROR "${file}: no column ${timing}")
    endif()
    list(APPEND drop ${at})
  endforeach()
  set(rows "")
  foreach(line IN LISTS lines)
    string(REPLACE "," ";" cells "${line}")
    list(REMOVE_AT cells ${drop})
    string(REPLACE ";" "," kept "${cells}")
    list(APPEND rows "${kept}")
  endforeach()
  set(${result} "${rows}" PARENT_SCOPE)
endfunction()

untimed_rows("${WORK}/mpi/comparison.csv" mpi_rows)
untimed_rows("${WORK}/one/comparison.csv" one_rows)
list(LENGTH mpi_rows n)
if(NOT n EQUAL 7)
  message(FATAL_ERROR "expected a header and 6 rows from 2 ranks, got ${n} lines")
endif()
if(NOT mpi_rows STREQUAL one_rows)
  string(REPLACE ";" "\n" a "${mpi_rows}")
  string(REPLACE ";" "\n" b "${one_rows}")
  message(FATAL_ERROR "2 ranks and one process differ:\n${a}\n--- one process:\n${b}")
endif()

# Bad input: both ranks stop with status 2, and nothing is written.
execute_process(COMMAND "${MPIEXEC}" -n 2 --oversubscribe "${STEER}" sweep "${WORK}/no-such.yaml"
                        --param local.time_to_contact=1,2 --no-charts --out "${WORK}/bad"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "mpirun with a missing scenario: status ${rc}, expected 2\n${out}\n${err}")
endif()
if(EXISTS "${WORK}/bad")
  message(FATAL_ERROR "mpirun with a missing scenario wrote ${WORK}/bad")
endif()
string(REGEX MATCHALL "no-such.yaml: cannot open" missing "${err}")
list(LENGTH missing count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one message for the missing scenario, not one per rank, got:\n${err}")
endif()

# A bad option: every rank parses the same command line, one of them says what is wrong.
execute_process(COMMAND "${MPIEXEC}" -n 2 --oversubscribe "${STEER}" sweep "${SCENARIO}" --seeds 0 --no-charts
                        --out "${WORK}/bad-option"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
string(REGEX MATCHALL "--seeds: Value 0" said "${err}")
list(LENGTH said count)
if(NOT rc EQUAL 2 OR NOT count EQUAL 1)
  message(FATAL_ERROR "mpirun with --seeds 0: status ${rc} (expected 2) and ${count} messages (expected 1)\n${err}")
endif()
file(REMOVE_RECURSE "${WORK}")
