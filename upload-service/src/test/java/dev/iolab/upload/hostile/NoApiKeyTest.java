package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.iolab.upload.UploadServiceApplication;
import dev.iolab.upload.support.Azurite;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every route was open without an API key, and nothing said so. Now without a key the service refuses to start, naming
 * the property, unless it is told to be open; open, it says so at WARN. A start refused is Boot's failure report: one
 * line for what is wrong, one for what to do, no stack trace.
 */
@ExtendWith({Azurite.class, OutputCaptureExtension.class})
class NoApiKeyTest {

    @TempDir
    Path spool;

    @Test
    void refusesToStartWithoutAKeyNamingTheProperty(CapturedOutput output) {
        Throwable refused = catchThrowable(() -> start("--upload.open=false").close());

        assertThat(refused).rootCause().hasMessageStartingWith("upload.api-key is not set");
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START", "upload.api-key is not set", "upload.open=true")
                .doesNotContain("\tat ");
    }

    @Test
    void startsOpenOnPurposeAndSaysSoAtWarn(CapturedOutput output) {
        try (ConfigurableApplicationContext open = start("--upload.open=true")) {
            assertThat(open.isRunning()).isTrue();
        }
        assertThat(output.getAll()).containsPattern("WARN .* every route is open");
    }

    @Test
    void startsClosedWithAKeyOfEitherKind(CapturedOutput output) {
        try (ConfigurableApplicationContext shared = start("--upload.open=false", "--upload.api-key=k")) {
            assertThat(shared.isRunning()).isTrue();
        }
        try (ConfigurableApplicationContext perClient =
                start("--upload.open=false", "--upload.api-keys.alice=alice-key")) {
            assertThat(perClient.isRunning()).isTrue();
        }
        assertThat(output.getAll()).doesNotContain("every route is open");
    }

    private ConfigurableApplicationContext start(String... arguments) {
        String[] all = new String[arguments.length + 5];
        all[0] = "--server.port=0";
        all[1] = "--management.server.port=0";
        all[2] = "--upload.container=no-api-key";
        all[3] = "--upload.temp-dir=" + spool;
        all[4] = "--upload.azure.connection-string=" + Azurite.get().connectionString();
        System.arraycopy(arguments, 0, all, 5, arguments.length);
        return new SpringApplicationBuilder(UploadServiceApplication.class).run(all);
    }
}
