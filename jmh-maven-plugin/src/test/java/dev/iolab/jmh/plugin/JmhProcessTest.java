package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhProcessTest {

    @Test
    void echoesEverythingAndHandsOverCompleteLines() throws Exception {
        ByteArrayOutputStream echoed = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        String output = "# Run progress: 0.00% complete\r\nIteration   1: 1.5 ms/op\n\nResult ± 1";

        JmhProcess.pump(new StringReader(output), new PrintStream(echoed, true, StandardCharsets.UTF_8), lines::add);

        assertThat(lines)
                .containsExactly("# Run progress: 0.00% complete", "Iteration   1: 1.5 ms/op", "", "Result ± 1");
        assertThat(echoed.toString(StandardCharsets.UTF_8)).startsWith(output);
    }

    @Test
    void runsAProcessAndReturnsItsExitStatus() throws Exception {
        List<String> lines = new ArrayList<>();
        int exit = JmhProcess.run(
                List.of("sh", "-c", "echo 'Iteration   1: 2 ms/op'; echo oops >&2; exit 3"),
                new java.io.File("."),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                lines::add);

        assertThat(exit).isEqualTo(3);
        assertThat(lines).containsExactly("Iteration   1: 2 ms/op", "oops");
    }
}
