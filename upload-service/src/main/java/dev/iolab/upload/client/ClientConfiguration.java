package dev.iolab.upload.client;

import dev.iolab.upload.system.UploadProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the API-key check on the upload and download routes when a key is configured, and the filter that shows
 * health details only to holders of the key.
 */
@Configuration(proxyBeanMethods = false)
class ClientConfiguration implements WebMvcConfigurer {

    private final UploadProperties properties;

    ClientConfiguration(UploadProperties properties) {
        this.properties = properties;
    }

    @Bean
    FilterRegistrationBean<ApiKeyHealthFilter> apiKeyHealthFilter() {
        FilterRegistrationBean<ApiKeyHealthFilter> registration =
                new FilterRegistrationBean<>(new ApiKeyHealthFilter(properties.apiKey()));
        registration.addUrlPatterns("/actuator/health", "/actuator/health/*");
        return registration;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        if (StringUtils.hasText(properties.apiKey())) {
            registry.addInterceptor(new ApiKeyInterceptor(properties.apiKey()))
                    .addPathPatterns("/uploads", "/uploads/**");
        }
    }
}
