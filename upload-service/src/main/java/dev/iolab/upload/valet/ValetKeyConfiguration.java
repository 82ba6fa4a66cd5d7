package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.system.UploadProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The grant registry, from {@code upload.valet-key.*}, on the system clock. */
@Configuration(proxyBeanMethods = false)
class ValetKeyConfiguration {

    @Bean
    Grants grants(UploadProperties properties, StagingArea staging, MeterRegistry registry) {
        return new Grants(
                properties.valetKey().ttl(),
                properties.valetKey().maxOpenGrants(),
                staging,
                registry,
                Clock.systemUTC());
    }
}
