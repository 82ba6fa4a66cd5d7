package dev.iolab.upload.valet;

import dev.iolab.upload.UploadServiceApplication;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One replica of the service in this JVM, on a port of its own, sharing nothing with the others but what a replica
 * shares in production: the store (its connection string) and the configuration. Closing it is a replica going away;
 * starting another with the same settings is a restart.
 */
final class ServiceReplica implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private ServiceReplica(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** @param properties {@code key=value} pairs, given as command-line arguments (over every other source) */
    static ServiceReplica start(String connectionString, String... properties) {
        List<String> all = new ArrayList<>(List.of(
                "server.port=0",
                "upload.azure.connection-string=" + connectionString,
                "spring.jmx.enabled=false",
                "logging.level.root=WARN"));
        all.addAll(List.of(properties));
        return new ServiceReplica(new SpringApplicationBuilder(UploadServiceApplication.class)
                .run(all.stream().map(p -> "--" + p).toArray(String[]::new)));
    }

    int port() {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    MeterRegistry registry() {
        return context.getBean(MeterRegistry.class);
    }

    @Override
    public void close() {
        context.close();
    }
}
