Feature: API keys
  A provider's admin gives the provider's other systems (its website, its CRM, its billing) an
  API key of their own on the API Keys screen. A key acts for the provider, but only as far as
  its scopes allow, and stops working the moment it is revoked. The full key is shown once;
  afterwards the list shows its first characters and its last four.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
    And Sunita has signed in

  Scenario: A key that can read but not write
    Given Sunita has generated the API key "Website" with the scope "services:read"
    When the API key "Website" lists the services
    Then the call is answered with the service "General Consultation"
    When the API key "Website" adds the service "Yoga Class"
    Then the call is refused with 403 "This API key does not have the scope this call needs"
    And Sunita's services do not include "Yoga Class"
    And Sunita's API key "Website" shows as "<first 8>…<last 4>"

  Scenario: A revoked key
    Given Sunita has generated the API key "Old CRM" with the scope "appointments:read"
    And the API key "Old CRM" lists the appointments
    And the call is answered
    When Sunita revokes the API key "Old CRM"
    And the API key "Old CRM" lists the appointments
    Then the call is refused with 401 "This API key is unknown or has been revoked"
    And Sunita's API keys do not include "Old CRM"

  Scenario: A key nobody issued
    When a key nobody issued lists the appointments
    Then the call is refused with 401 "This API key is unknown or has been revoked"
