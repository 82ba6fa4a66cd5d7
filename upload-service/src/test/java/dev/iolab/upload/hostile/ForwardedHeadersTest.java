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
 * Identity comes only from the proxy. docker-compose.yml used to set {@code SERVER_FORWARDHEADERSSTRATEGY: native}:
 * Boot's own {@code X-Forwarded-For} reader, which believes every private and loopback peer, so whoever reached a
 * replica's port directly (any container on the network) could name its own client address and take another
 * client's share. The service now refuses to start with it, saying to name the proxy in {@code upload.proxy.trusted}
 * instead; with that, a caller that is not the proxy is counted as its own address whatever it sends
 * ({@link TrustedProxyTest#believesNoAddressFromAConnectionThatIsNotATrustedProxy}).
 */
@ExtendWith({Azurite.class, OutputCaptureExtension.class})
class ForwardedHeadersTest {

    @TempDir
    Path spool;

    @Test
    void refusesToStartWithBootsForwardedHeaderReader(CapturedOutput output) {
        for (String strategy : new String[] {"native", "framework"}) {
            Throwable refused = catchThrowable(
                    () -> start("--server.forward-headers-strategy=" + strategy).close());

            assertThat(refused)
                    .as(strategy)
                    .rootCause()
                    .hasMessageStartingWith("server.forward-headers-strategy=" + strategy);
        }
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START", "upload.proxy.trusted", "SERVER_FORWARDHEADERSSTRATEGY")
                .doesNotContain("\tat ");
    }

    @Test
    void startsWithTheProxyNamedInItsOwnSetting() {
        try (ConfigurableApplicationContext behindProxy =
                start("--upload.proxy.trusted=172.30.78.10", "--server.forward-headers-strategy=none")) {
            assertThat(behindProxy.isRunning()).isTrue();
        }
    }

    private ConfigurableApplicationContext start(String... arguments) {
        String[] all = new String[arguments.length + 6];
        all[0] = "--server.port=0";
        all[1] = "--management.server.port=0";
        all[2] = "--upload.container=forwarded-headers";
        all[3] = "--upload.temp-dir=" + spool;
        all[4] = "--upload.azure.connection-string=" + Azurite.get().connectionString();
        all[5] = "--upload.open=true";
        System.arraycopy(arguments, 0, all, 6, arguments.length);
        return new SpringApplicationBuilder(UploadServiceApplication.class).run(all);
    }
}
