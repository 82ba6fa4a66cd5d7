package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagingArea;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The grant registry, from {@code upload.valet-key.*}, on the system clock. */
@Configuration(proxyBeanMethods = false)
class ValetKeyConfiguration {

    @Bean
    Grants grants(ValetKeyProperties properties, StagingArea staging, MeterRegistry registry) {
        return new Grants(properties.ttl(), properties.maxOpenGrants(), staging, registry, Clock.systemUTC());
    }
}
