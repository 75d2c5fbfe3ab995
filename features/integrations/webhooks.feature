@webhooks
Feature: Webhooks
  A provider's admin points a webhook at one of the provider's own systems and chooses the events
  it hears. Each event is sent as a signed request (Standard Webhooks): the system checks the
  signature with the secret shown when the webhook was added. A request the system does not
  accept is sent again after a wait, with the same webhook-id, so the system can tell a repeat;
  in these scenarios the waits are a second each, and there are two. After 20 deliveries in a row
  have failed, the webhook is switched off and the admin is told. Webhooks only go to public
  addresses: never to this machine, the provider's private network or a cloud's metadata service.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Sunita has signed in
    And Asha has signed in

  Scenario: A webhook that fails twice then succeeds
    Given Sunita has added the webhook "CRM" for "appointment.booked" events to her system
    And her system fails the next 2 deliveries
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    Then her system hears 3 signed requests for one "appointment.booked" event, all with the same webhook-id
    And the delivery log of "CRM" shows one "appointment.booked" delivery that succeeded after 3 attempts with status 200

  Scenario: A disabled webhook
    Given Sunita has added the webhook "Catalogue sync" for "service.changed" events to her system
    And her system fails every delivery
    When Sunita changes the description of "Follow-up Visit" 20 times
    Then Sunita soon sees the webhook "Catalogue sync" switched off after "20 failed deliveries in a row"
    And Sunita is told by a notification that the webhook "Catalogue sync" was turned off
    When Sunita changes the description of "Follow-up Visit" once more
    Then the delivery log of "Catalogue sync" still holds 20 deliveries, all failed

  @public-addresses-only
  Scenario: An unsafe URL refused
    When Sunita adds the webhook "Inside" for "appointment.booked" events at "http://169.254.169.254/latest/meta-data"
    Then Sunita is told "This URL points at a private, local or metadata address; webhooks only go to public addresses" about the URL
    When Sunita adds the webhook "Local" for "appointment.booked" events at "http://localhost:3000/hooks"
    Then Sunita is told "This URL points at a private, local or metadata address; webhooks only go to public addresses" about the URL
    And Sunita has no webhooks
