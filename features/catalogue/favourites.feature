Feature: Favourite providers
  A user can mark the providers they like as favourites to find them again quickly, and remove
  the mark when they no longer want it. Favourites belong to users; provider staff have none.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |

  Scenario: A user marks a provider as a favourite and removes the mark again
    Given Asha has signed in
    Then Asha has no favourites
    When Asha marks "Sunrise Clinic" as a favourite
    Then Asha's favourites are "Sunrise Clinic"
    When Asha marks "Peak Performance Gym" as a favourite
    Then Asha's favourites are "Sunrise Clinic" and "Peak Performance Gym"
    When Asha removes "Sunrise Clinic" from her favourites
    Then Asha's favourites are "Peak Performance Gym"

  Scenario: Marking a favourite twice keeps one entry
    Given Asha has signed in
    And Asha has marked "Sunrise Clinic" as a favourite
    When Asha marks "Sunrise Clinic" as a favourite
    Then Asha's favourites are "Sunrise Clinic"

  Scenario: Tapping the mark without saying which way switches it on and off
    Given Asha has signed in
    When Asha taps the favourite mark of "Sunrise Clinic"
    Then Asha's favourites are "Sunrise Clinic"
    When Asha taps the favourite mark of "Sunrise Clinic"
    Then Asha has no favourites

  Scenario: A provider waiting for approval cannot be a favourite
    Given Asha has signed in
    When Asha marks "Harbor Fitness" as a favourite
    Then Asha is told "Provider not found"
    And Asha has no favourites

  Scenario: An admin has no favourites to manage
    Given Sunita has signed in
    When Sunita marks "Peak Performance Gym" as a favourite
    Then Sunita is refused with "You do not have permission to do this"
    When Sunita asks for her favourites
    Then Sunita is refused with "You do not have permission to do this"
