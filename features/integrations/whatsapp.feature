@whatsapp
Feature: WhatsApp messages
  When a provider has WhatsApp on, the booking confirmation and the 24-hour and 1-hour reminders
  also go to the person's phone through the WhatsApp business messaging API, if the person chose
  WhatsApp messages in their profile. An approved template goes as a template message, in the
  person's language when the provider keeps the template in it, otherwise the provider's approved
  one. What became of each message (sent, or failed with the API's reason) is kept in the
  provider's WhatsApp log. In these scenarios a server on this machine stands for the messaging API.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Sunita has signed in
    And Asha has signed in
    And Asha has chosen WhatsApp messages in her profile
    And Sunita has turned WhatsApp on with the phone number id "10987654321"

  @any-hour
  Scenario: The booking confirmation goes as the approved template
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    Then the messaging API is sent the template "appointment_confirmation" in "en" for Asha, naming "Follow-up Visit" and "Sunrise Clinic"
    And Sunita's WhatsApp log shows Asha's "confirmation" as "sent"

  @any-hour
  Scenario: The reminder goes as the approved template too
    Given it is now 23 hours 59 minutes before the time slot of "Sunrise Clinic" in 3 days at 09:00
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot in 3 days at 09:00
    Then the messaging API is sent the template "appointment_confirmation" in "en" for Asha, naming "Follow-up Visit" and "Sunrise Clinic"
    And the messaging API is sent the template "appointment_reminder" in "en" for Asha, naming "Follow-up Visit" and "Sunrise Clinic"
    And Sunita's WhatsApp log shows Asha's "24h" as "sent"

  @any-hour
  Scenario: The template in the person's language, and the provider's own when it has none in it
    Given Sunita keeps the template "appointment_confirmation" approved in "en" and in "es_ES"
    And Asha reads the product in "es"
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    Then the messaging API is sent the template "appointment_confirmation" in "es_ES" for Asha, naming "Follow-up Visit" and "Sunrise Clinic"
    When Asha reads the product in "fr"
    And Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    Then the messaging API is sent the template "appointment_confirmation" in "en" for Asha, naming "Follow-up Visit" and "Sunrise Clinic"

  @any-hour
  Scenario: A message the messaging API refuses is recorded with its reason
    Given the messaging API refuses the next message with "(#131030) Recipient phone number not in allowed list"
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 3 of the time slot tomorrow at 09:00
    Then Sunita's WhatsApp log shows Asha's "confirmation" as "failed" with "(#131030) Recipient phone number not in allowed list"
    And the messaging API was asked once for it
