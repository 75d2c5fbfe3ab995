Feature: Forgetting a person
  A person who deletes their account, or whose provider registration is rejected, is forgotten:
  their name, e-mail address and phone number leave the product for good, although the event log
  is never rewritten (what was theirs in it was sealed with a key of their own, and the key is
  gone). What happened stays: a booking, its time and its status changes remain in the
  provider's history, as done by "Forgotten user".

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sunita | admin@example.com      | admin      |
    And Sam has signed in
    And Sunita has signed in

  Scenario: A forgotten user leaves no personal data
    Given Zoe has registered as a user with the name "Zoe Forgetmenot"
    And Zoe has signed in
    And Zoe has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    And Sunita marks Zoe's appointment tomorrow at 09:00 as scheduled
    When Zoe deletes her account
    Then nothing in the event log or any read model holds Zoe's name, e-mail address or phone number
    When an operator rebuilds every read model
    Then nothing in the event log or any read model holds Zoe's name, e-mail address or phone number
    When Sam reads the history of "Sunrise Clinic"
    Then an entry says a forgotten user booked "General Consultation" for tomorrow at 09:00
    And an entry says the forgotten user's "General Consultation" tomorrow at 09:00 went from pending to scheduled, done by Sunita

  Scenario: A rejected provider's registration leaves no personal data
    Given Priya has registered "Quietwater Forgetme Physio" as a provider in "Healthcare"
    When Sam rejects "Quietwater Forgetme Physio"
    Then nothing in the event log or any read model holds Priya's e-mail address or phone number, nor "Quietwater Forgetme Physio"
    When an operator rebuilds every read model
    Then nothing in the event log or any read model holds Priya's e-mail address or phone number, nor "Quietwater Forgetme Physio"
