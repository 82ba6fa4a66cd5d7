package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class StraceSummaryTest {

    @Test
    void readsCallsPerNameAndTheTotalWithOrWithoutErrors() throws IOException {
        String text = """
                % time     seconds  usecs/call     calls    errors syscall
                ------ ----------- ----------- --------- --------- ----------------
                 48.37    0.000237           2       103           write
                 46.12    0.000226           2       103           read
                  3.27    0.000016           0        35        16 openat
                  0.00    0.000000           0         1         1 access
                ------ ----------- ----------- --------- --------- ----------------
                100.00    0.000490           1       242        17 total
                """;

        StraceSummary summary = StraceSummary.parse(text);

        assertThat(summary.calls())
                .containsExactly(entry("write", 103L), entry("read", 103L), entry("openat", 35L), entry("access", 1L));
        assertThat(summary.total()).isEqualTo(242);
    }

    @Test
    void readsTheWiderSeparatorsAndOddNamesOfNewerStraces() throws IOException {
        String text = """
                % time     seconds  usecs/call     calls    errors syscall
                ------ ----------- ----------- --------- --------- ------------------
                 99.99    0.060009         577       104        13 futex
                  0.01    0.000001           1         1           syscall_0x1b6
                ------ ----------- ----------- --------- --------- ------------------
                100.00    0.060010         571       105        13 total
                """;

        StraceSummary summary = StraceSummary.parse(text);

        assertThat(summary.calls()).containsEntry("futex", 104L).containsEntry("syscall_0x1b6", 1L);
        assertThat(summary.total()).isEqualTo(105);
    }

    @Test
    void anEmptyOutputMeansNoCalls() throws IOException {
        assertThat(StraceSummary.parse("")).isEqualTo(StraceSummary.NONE);
        assertThat(StraceSummary.NONE.total()).isZero();
    }

    @Test
    void rejectsTextThatIsNoSummary() {
        assertThatThrownBy(
                        () -> StraceSummary.parse("strace: attach: ptrace(PTRACE_SEIZE, 1): Operation not permitted"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Not an strace -c summary");
        assertThatThrownBy(() -> StraceSummary.parse("% time seconds usecs/call calls errors syscall\nx y z w read\n"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Unreadable strace -c row");
        assertThatThrownBy(() ->
                        StraceSummary.parse("% time seconds usecs/call calls errors syscall\n 1.0 0.1 1 5  read\n"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("without a total row");
    }
}
