package dev.iolab.upload.client;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Registers {@link ApiKeyHealthFilter} where the actuator endpoints are served: in the management server's own context
 * when {@code management.server.port} differs from the service's port (the default), in the service's otherwise
 * (listed in {@code META-INF/spring/...ManagementContextConfiguration.imports}).
 */
@ManagementContextConfiguration(value = ManagementContextType.ANY, proxyBeanMethods = false)
class HealthDetailsConfiguration {

    @Bean
    FilterRegistrationBean<ApiKeyHealthFilter> apiKeyHealthFilter(ApiKeys keys) {
        FilterRegistrationBean<ApiKeyHealthFilter> registration =
                new FilterRegistrationBean<>(new ApiKeyHealthFilter(keys));
        registration.addUrlPatterns("/actuator/health", "/actuator/health/*");
        return registration;
    }
}
