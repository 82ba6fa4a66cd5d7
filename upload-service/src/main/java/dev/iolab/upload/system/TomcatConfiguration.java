package dev.iolab.upload.system;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tomcat sends {@code 100 Continue} only when the application first reads the body ({@code onRead}), so a
 * client that sent {@code Expect: 100-continue} and is refused before its body is read (503, 413, 411, 401)
 * never has to send the body. Tomcat's default is {@code immediately}.
 */
@Configuration(proxyBeanMethods = false)
class TomcatConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> continueOnRead() {
        return factory ->
                factory.addConnectorCustomizers(connector -> connector.setProperty("continueResponseTiming", "onRead"));
    }
}
