package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line of scripts/dev-up.sh: defaults, service arguments passed through, bad values named. */
class DevStackTest {

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private CommandLine commandLine(DevStack stack) {
        return DevStack.commandLine(stack).setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
    }

    @Test
    void defaultsToOneReplicaAndPassesServicePropertiesThrough() {
        DevStack stack = new DevStack();
        commandLine(stack).parseArgs("--replicas", "2", "--upload.default-strategy=buffer-4k", "--prometheus");

        assertThat(stack.replicas).isEqualTo(2);
        assertThat(stack.prometheus).isTrue();
        assertThat(stack.serviceArgs).containsExactly("--upload.default-strategy=buffer-4k");
        assertThat(stack.javaOpts).isNotBlank();

        DevStack plain = new DevStack();
        commandLine(plain).parseArgs();
        assertThat(plain.replicas).isEqualTo(1);
        assertThat(plain.prometheus).isFalse();
    }

    @Test
    void helpShowsTheOptionsWithTheirDefaults() {
        int exit = commandLine(new DevStack()).execute("--help");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("--replicas=N", "default: 1", "--prometheus", "--management-port", "haproxy");
    }

    @Test
    void refusesBadValuesWithTheOptionsName() {
        assertThat(commandLine(new DevStack()).execute("--replicas", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--replicas takes 1 to 16, got 0");

        assertThat(commandLine(new DevStack()).execute("--port", "8080", "--management-port", "8080"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("must not include --port 8080");

        assertThat(commandLine(new DevStack()).execute("stray")).isEqualTo(2);
        assertThat(err.toString()).contains("'stray' is neither an option nor a service property");
    }

    @Test
    void answersAFailureToStartWithItsMessagesAndNoStackTrace() {
        CommandLine failing = new CommandLine(new FailingStart())
                .setExecutionExceptionHandler(DevStack::reportFailure)
                .setErr(new PrintWriter(err));

        assertThat(failing.execute()).isEqualTo(1);
        assertThat(err.toString())
                .contains("dev-up failed: no upload-service jar in target; build it first")
                .contains("because: target (No such file or directory)")
                .doesNotContain("\tat ", "Exception");
    }

    @CommandLine.Command
    static class FailingStart implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException(
                    "no upload-service jar in target; build it first",
                    new FileNotFoundException("target (No such file or directory)"));
        }
    }
}
