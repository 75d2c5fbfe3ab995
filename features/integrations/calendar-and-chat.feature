Feature: Calendar feeds and the chat assistant
  A provider's admin connects the calendar app: the provider gets a private calendar address
  that Google Calendar, Apple Calendar or Outlook subscribe to. It lists every booking that is
  not cancelled, once, and a new address stops the old one. A person chatting on the
  provider's booking screen is greeted by the provider's assistant; elsewhere an agent answers.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in
    And Sunita has signed in

  @any-hour
  Scenario: The calendar lists a booking once and drops it when cancelled
    Given Sunita has connected the calendar app
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    Then the provider's calendar lists "Follow-up Visit — Asha User" once, confirmed
    When Sunita marks Asha's appointment tomorrow at 09:30 as cancelled
    Then the provider's calendar no longer lists "Follow-up Visit — Asha User"

  Scenario: A new calendar address stops the old one
    Given Sunita has connected the calendar app
    When Sunita disconnects the calendar app and connects it again
    Then the old calendar address is not found
    And the new calendar address opens the calendar

  @any-hour
  Scenario: The provider's assistant greets on its booking screen, and an agent answers elsewhere
    When Asha writes "Hello!" on the booking screen of "Sunrise Clinic"
    Then the assistant answers "Hello! How can I assist you today?"
    When Asha writes "Hello!" on her dashboard
    Then the assistant answers "Thank you for your message. An agent will respond shortly."
