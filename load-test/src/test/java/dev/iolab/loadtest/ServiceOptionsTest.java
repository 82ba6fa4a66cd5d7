package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The service options both studies mix into their command lines. */
class ServiceOptionsTest {

    @Command(name = "study")
    static final class Study {
        @Mixin
        ServiceOptions service;
    }

    private static ServiceOptions parse(String... args) {
        CommandLine commandLine = new CommandLine(new Study());
        commandLine.parseArgs(args);
        ServiceOptions service = commandLine.<Study>getCommand().service;
        service.validate(commandLine);
        return service;
    }

    @Test
    void everyServiceJarGetsTheHeapAnExitOnOutOfMemoryAndTheExtraArguments() {
        ServiceOptions service = parse("--heap", "1g", "--service-arg=--upload.executor.max-size=2");

        assertThat(service.jvmOptions()).containsExactly("-Xmx1g", "-XX:+ExitOnOutOfMemoryError");
        assertThat(service.args()).containsExactly("--upload.executor.max-size=2");
        assertThat(service.describe()).isEqualTo("-Xmx1g -XX:+ExitOnOutOfMemoryError --upload.executor.max-size=2");
        assertThat(parse().heap()).isEqualTo("512m");
    }

    @Test
    void aHeapThatIsNoSizeIsRefused() {
        assertThatThrownBy(() -> parse("--heap", "512"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("--heap takes a size like 512m or 1g, got '512'");
    }

    @Test
    void extraJvmOptionsFollowTheHeapAndAreShownInTheReport() {
        ServiceOptions service = parse("--service-jvm-option=-XX:-TieredCompilation", "--service-jvm-option=-Xss512k");

        assertThat(service.jvmOptions())
                .containsExactly("-Xmx512m", "-XX:+ExitOnOutOfMemoryError", "-XX:-TieredCompilation", "-Xss512k");
        assertThat(service.describe())
                .isEqualTo("-Xmx512m -XX:+ExitOnOutOfMemoryError -XX:-TieredCompilation -Xss512k");
    }

    @Test
    void aJvmOptionWithoutItsDashIsRefused() {
        assertThatThrownBy(() -> parse("--service-jvm-option=XX:-TieredCompilation"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("--service-jvm-option takes a JVM option starting with '-', e.g. -XX:+UseSerialGC, got"
                        + " 'XX:-TieredCompilation'");
    }
}
